import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { type HostUnderTest, openLibraryHost } from "@org/host-harness";
import { findConfinement } from "@org/openspec-confine";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  setUpOpenSpecStore,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import {
  createToken,
  type HttpServerProcess,
  openRawSession,
  type RawSession,
  startHttpServerProcess,
} from "./processes/http-server-process.js";
import { registerSource } from "./sandbox/register-source.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

/**
 * The pinned OpenSpec CLI obeys a repository's settings with the server's
 * authority: a marker-less openspec/ sends it to a parent project, `store:`
 * to a store registered on the host, a committed store marker makes archive
 * act on the parent, a schema's linked templates and a linked config.yaml
 * read files anywhere. Confined to its source, none of it reaches outside:
 * each case is either refused (ok: false, one sentence) or contained
 * (nothing from outside in the answer, nothing written outside).
 */
const confinable = findConfinement().ok;
/** Text found only outside every source: an answer that holds it has leaked. */
const OUTSIDE = "OUTSIDE-CONFINED-5c1e";
const STORE = "STORE-ONLY-9d2b";

/** add-dark-mode with every task ticked: archive runs it. */
const FINISHED_CHANGE: Record<string, string> = {
  ...DARK_MODE_CHANGE,
  "openspec/changes/add-dark-mode/tasks.md":
    "## 1. Theme\n\n- [x] 1.1 Pick colours\n- [x] 1.2 Ship it\n",
};

const specText = (marker: string) =>
  `# Outside\n\n## Purpose\n${marker}\n\n## Requirements\n### Requirement: Stay\nThe system SHALL keep ${marker} where it is.\n\n#### Scenario: Read\n- **WHEN** read\n- **THEN** ${marker}\n`;

type World = {
  env: Record<string, string | undefined>;
  home: string;
  parent: string;
  store: string;
  outside: string;
  sources: Record<string, string>;
};

/**
 * A parent OpenSpec project holding the marker-less source `nested` and the
 * source `marked` (a committed store marker, and a change the parent has
 * too); a store `team` registered on the host; an outside folder with a
 * template and a config.yaml; and the sources `pointer` (store: team),
 * `evil-schema` (templates linked outside) and `linked-config`.
 */
async function makeWorld(): Promise<World> {
  const { env, home } = isolatedEnvironment({
    OPENSPEC_BIN: REAL_OPENSPEC_BIN,
    OPENSPEC_AGENT_DB: join(temporaryFolder("registry-"), "registry.db"),
  });
  const parent = makeOpenSpecRepository(
    {
      "openspec/specs/parent-spec/spec.md": specText(OUTSIDE),
      "openspec/changes/parents-change/proposal.md": `# Parents change\n\n## Why\n${OUTSIDE}\n`,
      ...FINISHED_CHANGE,
    },
    "parent",
  );
  const nested = join(parent, "nested");
  writeFiles(nested, { "openspec/README.md": "No specs, changes or config here.\n" });
  const marked = join(parent, "marked");
  // Only changes/, holding a store marker: the CLI then takes the parent as the root.
  writeFiles(marked, {
    "openspec/changes/.openspec-store/store.yaml": "version: 1\nid: marked\n",
    ...FINISHED_CHANGE,
  });
  const store = setUpOpenSpecStore(
    env as Record<string, string>,
    "team",
    join(temporaryFolder("stores-"), "team"),
  );
  writeFiles(store, { "openspec/specs/store-spec/spec.md": specText(STORE) });
  const outside = temporaryFolder("outside-");
  writeFiles(outside, {
    "templates/proposal.md": `# ${OUTSIDE} template\n`,
    "config.yaml": `schema: spec-driven\ncontext: |\n  ${OUTSIDE} context\n`,
  });
  // Config only (no specs/ or changes/): the CLI then follows the store: pointer.
  const pointer = join(temporaryFolder("repos-"), "pointer");
  writeFiles(pointer, { "openspec/config.yaml": "schema: spec-driven\nstore: team\n" });
  const evilSchema = makeOpenSpecRepository(
    {
      "openspec/config.yaml": "schema: evil\n",
      "openspec/schemas/evil/schema.yaml":
        "name: evil\nversion: 1\ndescription: evil\nartifacts:\n  - id: proposal\n    generates: proposal.md\n    description: p\n    template: proposal.md\n    instruction: Write it.\n    requires: []\n",
      "openspec/changes/c/.openspec.yaml": "schema: evil\ncreated: 2026-01-01\n",
    },
    "evil-schema",
  );
  symlinkSync(
    join(outside, "templates"),
    join(evilSchema, "openspec", "schemas", "evil", "templates"),
  );
  const linkedConfig = makeOpenSpecRepository(
    { "openspec/changes/c/proposal.md": "# C\n" },
    "linked-config",
  );
  const config = join(linkedConfig, "openspec", "config.yaml");
  rmSync(config, { force: true });
  symlinkSync(join(outside, "config.yaml"), config);
  const sources = {
    nested,
    marked,
    pointer,
    "evil-schema": evilSchema,
    "linked-config": linkedConfig,
  };
  for (const [name, path] of Object.entries(sources)) await registerSource(env, path, name);
  mkdirSync(join(home, "work"), { recursive: true });
  return { env, home, parent, store, outside, sources };
}

/** Outside trees whose snapshots must not change: the parent (without its sources), the store, the outside folder. */
function snapshots(world: World) {
  const { nested, marked } = world.sources;
  return {
    parent: snapshotTree(world.parent, [nested as string, marked as string]),
    store: snapshotTree(world.store),
    outside: snapshotTree(world.outside),
  };
}

function changesOutside(world: World, before: ReturnType<typeof snapshots>): string[] {
  const after = snapshots(world);
  return [
    ...treeChanges(before.parent, after.parent).map((line) => `parent: ${line}`),
    ...treeChanges(before.store, after.store).map((line) => `store: ${line}`),
    ...treeChanges(before.outside, after.outside).map((line) => `outside: ${line}`),
  ];
}

/** Refused with one sentence, or answered: either way nothing from outside in it. */
function expectContained(answer: Record<string, unknown>, world: World) {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(OUTSIDE);
  expect(text).not.toContain(STORE);
  expect(text).not.toContain(world.store);
  expect(text).not.toContain(`"${world.parent}"`);
  if (answer.ok === false) {
    expect(typeof answer.code).toBe("string");
    expect(String(answer.error)).toMatch(/^[^\n]+$/);
  }
}

const said: string[] = [];
afterAll(() => {
  recordFigure("confined CLI", said.join("; "));
  removeTemporaryFolders();
});

function note(label: string, answer: Record<string, unknown>) {
  said.push(
    `${label}: ${answer.ok === true ? "ok" : `${String(answer.code)}: ${String(answer.error)}`}`,
  );
}

describe.skipIf(!confinable)(
  "the OpenSpec CLI confined to its source, through the library host",
  () => {
    let world: World;
    let host: HostUnderTest;
    beforeAll(async () => {
      world = await makeWorld();
      // Stores closed, as a team server has them by default.
      world.env.OPENSPEC_AGENT_ALLOW_STORES = "none";
      host = await openLibraryHost({ env: world.env, cwd: world.home });
    }, 120_000);
    afterAll(async () => host?.close());

    const call = async (label: string, tool: string, args: Record<string, unknown>) => {
      const answer = await host.call(tool, args);
      const result = answer.kind === "result" ? (answer.result as Record<string, unknown>) : {};
      note(`library ${label}`, result);
      return result;
    };

    it("GIVEN a source whose openspec/ has no markers inside a parent project WHEN a change is created and its changes are listed and shown THEN the parent is neither written nor read", async () => {
      const before = snapshots(world);
      const created = await call("nested new change", "openspec_cli", {
        source: "nested",
        args: ["new", "change", "x"],
      });
      const listed = await call("nested list", "openspec_list", { source: "nested" });
      const shown = await call("nested show", "openspec_show", {
        source: "nested",
        target: "parents-change",
      });
      for (const answer of [created, listed, shown]) expectContained(answer, world);
      expect(JSON.stringify(listed)).not.toContain("parents-change");
      expect(shown).toMatchObject({ ok: false });
      expect(changesOutside(world, before)).toEqual([]);
    }, 120_000);

    it("GIVEN a source whose config.yaml points at a store registered on the host, stores not allowed WHEN it is shown and a change is created THEN nothing of the store is in the answers and nothing is written into it", async () => {
      const before = snapshots(world);
      const shown = await call("pointer show", "openspec_show", {
        source: "pointer",
        target: "store-spec",
      });
      const specs = await call("pointer spec list", "openspec_cli", {
        source: "pointer",
        args: ["list", "--specs", "--json"],
      });
      const created = await call("pointer new change", "openspec_cli", {
        source: "pointer",
        args: ["new", "change", "y"],
      });
      for (const answer of [shown, specs, created]) {
        expectContained(answer, world);
        expect(answer).toMatchObject({ ok: false, code: "store_not_allowed" });
      }
      expect(changesOutside(world, before)).toEqual([]);
    }, 120_000);

    it("GIVEN a source nested in a parent project with a committed store marker WHEN its change is archived THEN the parent's change of the same name stays where it is", async () => {
      const before = snapshots(world);
      const archived = await call("marked archive", "openspec_change_archive", {
        source: "marked",
        change: "add-dark-mode",
      });
      expectContained(archived, world);
      expect(changesOutside(world, before)).toEqual([]);
    }, 120_000);

    it("GIVEN a schema whose templates folder links outside WHEN the passthrough asks for the proposal's instructions THEN nothing of the outside template is in the answer", async () => {
      const answer = await call("evil-schema instructions", "openspec_cli", {
        source: "evil-schema",
        args: ["instructions", "proposal", "--change", "c"],
      });
      expectContained(answer, world);
    }, 120_000);

    it("GIVEN a config.yaml that links to a file outside WHEN instructions are asked, typed and through the passthrough THEN its context is not in the answers", async () => {
      const typed = await call("linked-config instructions", "openspec_instructions", {
        source: "linked-config",
        artifact: "proposal",
        change: "c",
      });
      const passthrough = await call("linked-config cli instructions", "openspec_cli", {
        source: "linked-config",
        args: ["instructions", "proposal", "--change", "c", "--json"],
      });
      for (const answer of [typed, passthrough]) expectContained(answer, world);
    }, 120_000);
  },
);

describe.skipIf(!confinable)(
  "the OpenSpec CLI confined to its source, through the team HTTP server with a read-only token",
  () => {
    let world: World;
    let server: HttpServerProcess;
    let reader: RawSession;
    beforeAll(async () => {
      world = await makeWorld();
      const secret = await createToken(world.env, world.home, "reader", true);
      server = await startHttpServerProcess(world.env, world.home);
      reader = await openRawSession(server.url, secret);
    }, 120_000);
    afterAll(async () => server?.stop());

    const call = async (label: string, tool: string, args: Record<string, unknown>) => {
      const result = await reader.callTool(tool, args);
      note(`http read-only ${label}`, result);
      return result;
    };

    it("GIVEN the server's default (no stores) WHEN a read-only token lists and shows the marker-less source, the store pointer, the linked schema and the linked config THEN no answer holds anything from outside and nothing outside changed", async () => {
      const before = snapshots(world);
      const answers = [
        await call("nested list", "openspec_list", { source: "nested" }),
        await call("nested show", "openspec_show", { source: "nested", target: "parents-change" }),
        await call("pointer show", "openspec_show", { source: "pointer", target: "store-spec" }),
        await call("pointer spec list", "openspec_cli", {
          source: "pointer",
          args: ["list", "--specs", "--json"],
        }),
        await call("evil-schema instructions", "openspec_cli", {
          source: "evil-schema",
          args: ["instructions", "proposal", "--change", "c"],
        }),
        await call("linked-config instructions", "openspec_instructions", {
          source: "linked-config",
          artifact: "proposal",
          change: "c",
        }),
        await call("linked-config cli instructions", "openspec_cli", {
          source: "linked-config",
          args: ["instructions", "proposal", "--change", "c", "--json"],
        }),
      ];
      for (const answer of answers) expectContained(answer, world);
      expect(answers.slice(2, 4)).toMatchObject([
        { ok: false, code: "store_not_allowed" },
        { ok: false, code: "store_not_allowed" },
      ]);
      expect(changesOutside(world, before)).toEqual([]);
    }, 180_000);
  },
);

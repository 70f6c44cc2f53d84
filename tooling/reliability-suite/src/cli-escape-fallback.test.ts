import { realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { type Catalog, createCatalog } from "@org/openspec-core";
import {
  isolatedEnvironment,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  setUpOpenSpecStore,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createToken,
  type HttpServerProcess,
  openRawSession,
  type RawSession,
  startHttpServerProcess,
} from "./processes/http-server-process.js";
import { registerSource } from "./sandbox/register-source.js";
import { snapshotTree, type TreeSnapshot, treeChanges } from "./sandbox/snapshot-tree.js";

/** Text only the parent project, the store and the folder outside hold: an answer with it has leaked. */
const PARENT_MARKER = "PARENT-PROJECT-4b1d";
const STORE_MARKER = "STORE-SPEC-9c2e";
const OUTSIDE_MARKER = "OUTSIDE-FILE-e83a";
/** An absolute path of this machine (where the suite keeps its folders and the CLI lies) in an answer. */
const SERVER_PATH = /(?<![\w.~/:@%+-])\/(?:tmp|work|home|root|usr|srv|opt|var|private|Users)\//;

/** A spec that quotes paths of the machine it describes (not of the server): a token reads them unchanged. */
const HOSTS_SPEC =
  "# Hosts\n\n## Purpose\n\nThe tool reads /etc/hosts and /etc/myapp/config.yaml, then runs /usr/local/bin/x.\n\n## Requirements\n\n### Requirement: Hosts file\nThe tool SHALL read /etc/hosts before it runs /usr/local/bin/x.\n\n#### Scenario: Read\n- **WHEN** /usr/local/bin/x starts\n- **THEN** it reads /etc/hosts\n";

const EVIL_SCHEMA =
  "name: evil\nversion: 1\ndescription: evil\nartifacts:\n  - id: proposal\n    generates: proposal.md\n    description: p\n    template: proposal.md\n    requires: []\n";

/**
 * The repositories of the findings: a parent OpenSpec project (`top`) with
 * sources nested in it, a store registered with the CLI elsewhere, and a
 * folder outside every source. `bare` has an empty `openspec/` (the CLI
 * would work in the parent), `marked` a committed store marker beside a
 * change the parent has too, `pointing` a `store:` pointer, `referencing` a
 * `references:` list, `schemed` a schema whose templates folder links out,
 * `linked` a `config.yaml` that links out, `plain` nothing wrong.
 */
function makeWorld() {
  const { home, env } = isolatedEnvironment({
    OPENSPEC_BIN: REAL_OPENSPEC_BIN,
    OPENSPEC_AGENT_CONFINE: "off",
  });
  const top = temporaryFolder("fallback-");
  const parent = join(top, "parent");
  writeFiles(parent, {
    "openspec/config.yaml": "schema: spec-driven\n",
    "openspec/specs/parent-only/spec.md": `# Parent only\n\n## Purpose\n\n${PARENT_MARKER}\n`,
    "openspec/changes/shared/proposal.md": `# Shared\n\n## Why\n\n${PARENT_MARKER}\n`,
    "outside/config.yaml": `schema: spec-driven\ncontext: ${OUTSIDE_MARKER}\n`,
    "outside/templates/proposal.md": `# ${OUTSIDE_MARKER}\n`,
  });
  const outside = join(parent, "outside");
  const store = setUpOpenSpecStore(env, "team", join(temporaryFolder("store-"), "team"));
  writeFiles(store, {
    "openspec/specs/store-only/spec.md": `# Store only\n\n## Purpose\n\n${STORE_MARKER}\n\n## Requirements\n\n### Requirement: Kept\nThe store SHALL keep ${STORE_MARKER}.\n\n#### Scenario: Kept\n- **WHEN** read\n- **THEN** kept\n`,
  });
  const planned = {
    "openspec/specs/.keep": "",
    "openspec/changes/c/proposal.md":
      "# C\n\n## Why\n\nA change of the source's own.\n\n## What Changes\n\n- Nothing outside\n",
  };
  const sources: Record<string, string> = {};
  const source = (name: string, files: Record<string, string>) => {
    sources[name] = join(parent, name);
    writeFiles(sources[name], files);
    return sources[name];
  };
  source("bare", { "openspec/.keep-nothing": "" });
  source("marked", {
    "openspec/changes/.openspec-store/store.yaml": "version: 1\nid: changes\n",
    "openspec/changes/shared/proposal.md": "# Shared\n\n## Why\n\nThe source's own.\n",
  });
  source("pointing", { "openspec/config.yaml": "store: team\n" });
  source("referencing", {
    ...planned,
    "openspec/config.yaml": "schema: spec-driven\nreferences:\n  - team\n",
  });
  const schemed = source("schemed", {
    ...planned,
    "openspec/config.yaml": "schema: evil\n",
    "openspec/schemas/evil/schema.yaml": EVIL_SCHEMA,
  });
  symlinkSync(join(outside, "templates"), join(schemed, "openspec/schemas/evil/templates"));
  const linked = source("linked", planned);
  symlinkSync(join(outside, "config.yaml"), join(linked, "openspec/config.yaml"));
  source("plain", planned);
  // Paths the repository's own text quotes: the user's content, which a token reads as written.
  source("quoting", {
    "openspec/specs/hosts/spec.md": HOSTS_SPEC,
    "openspec/specs/neighbours/spec.md": `# Neighbours\n\n## Purpose\n\nThe parent ${parent}, the store ${realpathSync(store)}/openspec, the CLI ${REAL_OPENSPEC_BIN} and the source ${sources.plain}/openspec.\n`,
  });
  return { home, env, top, parent, store: realpathSync(store), sources };
}

type World = ReturnType<typeof makeWorld>;

function expectRefused(answer: Record<string, unknown>, code: string): void {
  expect(answer).toMatchObject({ ok: false, code, fix: expect.any(String) });
  // One sentence that names what to fix, and nothing of what lies outside.
  expect(String(answer.error)).toMatch(/^[^\n]+\.$/);
  for (const marker of [PARENT_MARKER, STORE_MARKER, OUTSIDE_MARKER]) {
    expect(JSON.stringify(answer)).not.toContain(marker);
  }
}

afterAll(removeTemporaryFolders);

// Where the OpenSpec CLI cannot be confined (confinement off here), a source
// that would lead the CLI outside it is refused before the CLI runs.
describe("the portable refusals, through the library", () => {
  let world: World;
  let catalog: Catalog;
  let noStores: Catalog;
  let before: TreeSnapshot;
  let storeBefore: TreeSnapshot;
  beforeAll(async () => {
    world = makeWorld();
    for (const [name, path] of Object.entries(world.sources)) {
      await registerSource(world.env, path, name);
    }
    catalog = createCatalog({ env: world.env, home: world.home });
    noStores = createCatalog({ env: world.env, home: world.home, allowStores: "none" });
    before = snapshotTree(world.top);
    storeBefore = snapshotTree(world.store);
  });
  afterAll(() => {
    expect(treeChanges(before, snapshotTree(world.top))).toEqual([]);
    expect(treeChanges(storeBefore, snapshotTree(world.store))).toEqual([]);
    catalog.close();
    noStores.close();
  });

  it("GIVEN a source whose openspec/ is empty, nested in another project WHEN it is shown and `openspec new change` runs in it THEN no_openspec_root, and the parent gets no change", async () => {
    expectRefused(
      await catalog.call("openspec_show", { source: "bare", target: "shared" }),
      "no_openspec_root",
    );
    expectRefused(
      await catalog.call("openspec_cli", { source: "bare", args: ["new", "change", "x"] }),
      "no_openspec_root",
    );
  });

  it("GIVEN a committed store marker in openspec/changes and a change the parent has too WHEN the change is archived THEN no_openspec_root, and the parent's change stays", async () => {
    expectRefused(
      await catalog.call("openspec_change_archive", {
        source: "marked",
        change: "shared",
        force: true,
        skip_specs: true,
      }),
      "no_openspec_root",
    );
  });

  it("GIVEN store: team in config.yaml WHEN stores are not allowed for the source and it is shown or a change is made THEN store_not_allowed", async () => {
    expectRefused(
      await noStores.call("openspec_show", { source: "pointing", target: "store-only" }),
      "store_not_allowed",
    );
    expectRefused(
      await noStores.call("openspec_cli", { source: "pointing", args: ["new", "change", "x"] }),
      "store_not_allowed",
    );
  });

  it("GIVEN references: [team] WHEN stores are not allowed and instructions are asked THEN store_not_allowed", async () => {
    expectRefused(
      await noStores.call("openspec_instructions", {
        source: "referencing",
        artifact: "proposal",
        change: "c",
      }),
      "store_not_allowed",
    );
  });

  it("GIVEN config.yaml selecting a schema whose templates folder links out WHEN the passthrough asks its instructions THEN path_outside_repository", async () => {
    expectRefused(
      await catalog.call("openspec_cli", {
        source: "schemed",
        args: ["instructions", "proposal", "--change", "c"],
      }),
      "path_outside_repository",
    );
  });

  it("GIVEN config.yaml a symlink to a YAML file outside WHEN the typed tool and the passthrough ask instructions THEN path_outside_repository", async () => {
    for (const answer of [
      await catalog.call("openspec_instructions", {
        source: "linked",
        artifact: "proposal",
        change: "c",
      }),
      await catalog.call("openspec_cli", {
        source: "linked",
        args: ["instructions", "proposal", "--change", "c"],
      }),
    ]) {
      expectRefused(answer, "path_outside_repository");
    }
  });
});

describe("the portable refusals and server paths, through the team HTTP server with a read-only token", () => {
  let world: World;
  let server: HttpServerProcess;
  let reader: RawSession;
  let before: TreeSnapshot;
  beforeAll(async () => {
    world = makeWorld();
    for (const [name, path] of Object.entries(world.sources)) {
      await registerSource(world.env, path, name);
    }
    const secret = await createToken(world.env, world.home, "reader", true);
    server = await startHttpServerProcess(world.env, world.home);
    reader = await openRawSession(server.url, secret);
    before = snapshotTree(world.top);
  });
  afterAll(async () => {
    expect(treeChanges(before, snapshotTree(world.top))).toEqual([]);
    await server?.stop();
  });

  it("GIVEN a source nested in a parent project with an empty openspec/ WHEN it is shown THEN no_openspec_root, none of the parent's changes", async () => {
    expectRefused(
      await reader.callTool("openspec_show", { source: "bare", target: "shared" }),
      "no_openspec_root",
    );
  });

  it("GIVEN a schema whose templates link out, and a config.yaml that links out WHEN the passthrough and openspec_instructions ask instructions THEN path_outside_repository, nothing of the files outside", async () => {
    const args = ["instructions", "proposal", "--change", "c"];
    expectRefused(
      await reader.callTool("openspec_cli", { source: "schemed", args }),
      "path_outside_repository",
    );
    expectRefused(
      await reader.callTool("openspec_cli", { source: "linked", args }),
      "path_outside_repository",
    );
    expectRefused(
      await reader.callTool("openspec_instructions", {
        source: "linked",
        artifact: "proposal",
        change: "c",
      }),
      "path_outside_repository",
    );
  });

  it("GIVEN references: [team] and store: team WHEN a read-only token of a team server (stores refused by default) asks instructions and shows the store's spec THEN store_not_allowed, and the store's folder is in no answer", async () => {
    const answers = [
      await reader.callTool("openspec_instructions", {
        source: "referencing",
        artifact: "proposal",
        change: "c",
      }),
      await reader.callTool("openspec_show", { source: "pointing", target: "store-only" }),
    ];
    for (const answer of answers) {
      expect(answer, JSON.stringify(answer).slice(0, 300)).toMatchObject({
        ok: false,
        code: "store_not_allowed",
      });
      expect(JSON.stringify(answer)).not.toContain(world.store);
      expect(JSON.stringify(answer)).not.toMatch(SERVER_PATH);
    }
  });

  it("GIVEN a spec quoting /etc/hosts and /usr/local/bin/x WHEN a read-only token reads it with openspec_context, openspec_spec_show and openspec_show THEN the content equals the file and the parsed answers quote the same paths", async () => {
    const context = await reader.callTool("openspec_context", { identifier: "quoting/hosts" });
    expect(context, JSON.stringify(context).slice(0, 300)).toMatchObject({ ok: true });
    expect((context.spec as { content: string }).content).toBe(HOSTS_SPEC);
    for (const answer of [
      await reader.callTool("openspec_spec_show", { source: "quoting", name: "hosts" }),
      await reader.callTool("openspec_show", { source: "quoting", target: "hosts" }),
    ]) {
      const text = JSON.stringify(answer);
      expect(answer, text.slice(0, 300)).toMatchObject({ ok: true });
      for (const quoted of ["/etc/hosts", "/usr/local/bin/x", "/etc/myapp/config.yaml"]) {
        expect(text).toContain(quoted);
      }
      expect(text).not.toContain("<server path>");
    }
  });

  it("GIVEN a spec quoting the parent project's folder, the store's root, the CLI's install path and another source's folder WHEN a read-only token reads it THEN none of them is in the answer", async () => {
    const context = await reader.callTool("openspec_context", { identifier: "quoting/neighbours" });
    expect(context, JSON.stringify(context).slice(0, 300)).toMatchObject({ ok: true });
    const text = JSON.stringify(context);
    for (const folder of [world.parent, world.store, realpathSync(REAL_OPENSPEC_BIN)]) {
      expect(text).not.toContain(folder);
    }
    expect(text).not.toContain(world.sources.plain);
    expect(text).toContain("the source plain/openspec");
    expect(text).not.toMatch(SERVER_PATH);
  });

  it("GIVEN a plain source WHEN a read-only token lists schemas and templates, typed and through the passthrough, and shows the source THEN no answer holds a path of the server (the CLI's install folder included)", async () => {
    const answers = [
      await reader.callTool("openspec_schemas", { source: "plain" }),
      await reader.callTool("openspec_cli", { source: "plain", args: ["templates"] }),
      await reader.callTool("openspec_cli", { source: "plain", args: ["schemas"] }),
      await reader.callTool("openspec_show", { source: "plain", target: "c" }),
    ];
    const install = realpathSync(REAL_OPENSPEC_BIN).split("/node_modules/")[0] ?? "";
    for (const answer of answers) {
      expect(answer, JSON.stringify(answer).slice(0, 300)).toMatchObject({ ok: true });
      expect(JSON.stringify(answer)).not.toMatch(SERVER_PATH);
      expect(JSON.stringify(answer)).not.toContain("node_modules/.pnpm");
      expect(JSON.stringify(answer)).not.toContain(`${install}/`);
    }
    // The passthrough's templates name files in the CLI's install folder, which reads <server path>.
    expect(JSON.stringify(answers[1])).toContain("<server path>");
  });
});

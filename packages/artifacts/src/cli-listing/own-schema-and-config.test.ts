import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
  writeFiles,
} from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { openRepository } from "../open-repository.js";
import { rewordedBuiltinSchema } from "../test-support/reworded-builtin-schema.js";
import { configWarnsInCli } from "./config-warns-in-cli.js";
import { cliListingText, listLikeCli } from "./list-like-cli.js";
import { cliStatusText, statusLikeCli } from "./status-like-cli.js";

afterAll(removeTemporaryFolders);

/** Each case runs the CLI a few times; a loaded machine makes each start several times slower. */
const CLI_TIMEOUT_MS = 300_000;
const { env } = isolatedEnvironment();

/**
 * The built-in schema as repositories keep their copy of it: their own
 * descriptions, `generates:` unquoted, a template in a subfolder, `requires:`
 * as a block list, one instruction folded and another left out.
 */
function copyInOtherWords(edit: (text: string) => string = (text) => text): string {
  return edit(
    rewordedBuiltinSchema((text) =>
      text
        .replace(/^description: .*$/m, "description: Our team's workflow, in its own words")
        .replace(/description: Initial proposal document .*$/m, "description: 变更的背景与范围")
        .replace('generates: "specs/**/*.md"', "generates: specs/**/*.md")
        .replace("template: spec.md", "template: specs/spec.md")
        .replace("  requires: [tasks]", "  requires:\n    - tasks")
        .replace(/(id: design\n(?:.*\n)*?\s+)instruction: \|/, "$1instruction: >")
        .replace(/(id: tasks\n(?:.*\n)*?)\s+instruction: \|\n(?: {6}.*\n|\n)*/, "$1\n"),
    ),
  );
}

function opened(root: string) {
  const result = openRepository(root, { searchUpward: false });
  if (!result.ok) throw new Error(result.error);
  return result.repository;
}

/** `openspec list --json` and `openspec status --change <change> --json`, natively (or why not) and by the CLI. */
async function answers(root: string, change: string) {
  const list = await listLikeCli(opened(root), { kind: "changes", sort: "recent", env });
  const status = await statusLikeCli(opened(root), { change, env });
  const cliList = await runRealOpenSpec(root, ["list", "--json"]);
  const cliStatus = await runRealOpenSpec(root, ["status", "--change", change, "--json"]);
  return {
    ours: [
      "needsCli" in list ? `needs the CLI: ${list.needsCli}` : cliListingText(list),
      "needsCli" in status ? `needs the CLI: ${status.needsCli}` : cliStatusText(status),
    ],
    cli: [cliList, cliStatus],
  };
}

describe("a repository's copy of the spec-driven schema in its own words", () => {
  it(
    "GIVEN a copy with its own descriptions, generates unquoted, requires as a block list, a template in a subfolder and an instruction folded or left out WHEN listed and its change's status read THEN the files answer, with the CLI's bytes",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/schemas/spec-driven/schema.yaml": copyInOtherWords(),
        "openspec/changes/planned/proposal.md": "# p\n",
        "openspec/changes/planned/specs/auth/spec.md": "## ADDED Requirements\n",
        "openspec/changes/planned/tasks.md": "- [x] a\n- [ ] b\n",
      });
      const { ours, cli } = await answers(root, "planned");
      expect(cli.map((run) => run.status)).toEqual([0, 0]);
      expect(ours).toEqual(cli.map((run) => run.stdout));
    },
    CLI_TIMEOUT_MS,
  );

  it.each([
    [
      "a description that YAML reads as a number, which the CLI refuses to load",
      (text: string) => text.replace("description: 变更的背景与范围", "description: 42"),
    ],
    [
      "requires: null, which the CLI refuses to load",
      (text: string) => text.replace("    requires: []", "    requires: null"),
    ],
    [
      "a template outside the schema folder, which the CLI refuses to load",
      (text: string) => text.replace("template: design.md", "template: ../design.md"),
    ],
    ["a key the CLI does not read", (text: string) => `${text}\nnotes: kept for the team\n`],
    [
      "another order of its artifacts (design after specs, tasks after design)",
      (text: string) =>
        text
          .replace(/(id: design\n(?:.*\n)*?\s+requires:\n\s+- )proposal/, "$1specs")
          .replace("      - specs\n      - design\n", "      - design\n"),
    ],
  ])(
    "GIVEN a copy in other words with %s WHEN listed and its change's status read THEN the listing, which reads only where tasks are counted, is answered from the files with the CLI's bytes, and the status is left to the CLI",
    async (_shape, edit) => {
      const root = makeOpenSpecRepository({
        "openspec/schemas/spec-driven/schema.yaml": copyInOtherWords(edit),
        "openspec/changes/planned/proposal.md": "# p\n",
        "openspec/changes/planned/tasks.md": "- [x] a\n- [ ] b\n",
      });
      const { ours, cli } = await answers(root, "planned");
      expect(cli[0]!.status).toBe(0);
      expect(ours).toEqual([
        cli[0]!.stdout,
        "needs the CLI: the repository defines its own spec-driven schema",
      ]);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a copy whose tasks artifact generates another file, which apply tracks WHEN listed THEN it is left to the CLI, which counts the tasks there",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/schemas/spec-driven/schema.yaml": copyInOtherWords((text) =>
          text
            .replace("  tracks: tasks.md", "  tracks: todo.md")
            .replace("generates: tasks.md", "generates: todo.md"),
        ),
        "openspec/changes/planned/todo.md": "- [x] a\n",
      });
      const list = await listLikeCli(opened(root), { kind: "changes", sort: "recent", env });
      expect("needsCli" in list && list.needsCli).toBe(
        "the repository defines its own spec-driven schema",
      );
      const cli = await runRealOpenSpec(root, ["list", "--json"]);
      expect(JSON.parse(cli.stdout).changes[0]).toMatchObject({ completedTasks: 1, totalTasks: 1 });
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN openspec/config.yaml naming a schema of the repository's own WHEN its specs are listed THEN the files answer with the CLI's bytes, since the spec listing reads no schema",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/config.yaml": "schema: spec-driven-decisions\n",
        "openspec/schemas/spec-driven-decisions/schema.yaml": copyInOtherWords((text) =>
          text.replace("name: spec-driven", "name: spec-driven-decisions"),
        ),
        "openspec/specs/auth/spec.md":
          "# auth\n\n## Purpose\nSign in.\n\n## Requirements\n### Requirement: R\nThe system SHALL r.\n\n#### Scenario: S\n- **WHEN** a\n- **THEN** b\n",
      });
      const specs = await listLikeCli(opened(root), { kind: "specs", env });
      const cli = await runRealOpenSpec(root, ["list", "--specs", "--json"]);
      expect(cli.status).toBe(0);
      expect("needsCli" in specs ? specs.needsCli : cliListingText(specs)).toBe(cli.stdout);
    },
    CLI_TIMEOUT_MS,
  );
});

describe("a schema of the repository's own, named by openspec/config.yaml and the changes", () => {
  it(
    "GIVEN config.yaml naming a schema in openspec/schemas with an artifact of its own, one change naming it in its .openspec.yaml and one without metadata WHEN the changes are listed THEN the files answer with the CLI's bytes, since it counts tasks in tasks.md; once it counts them in another file, the CLI answers",
    async () => {
      const teamFlow = (tasksFile: string) =>
        copyInOtherWords((text) =>
          text
            .replace("name: spec-driven", "name: team-flow")
            .replace(
              "apply:",
              "  - id: decisions\n    generates: decisions.md\n    description: Decisions\n    template: decisions.md\n    requires:\n      - tasks\n\napply:",
            )
            .replace("generates: tasks.md", `generates: ${tasksFile}`)
            .replace("  tracks: tasks.md", `  tracks: ${tasksFile}`),
        );
      const root = makeOpenSpecRepository({
        "openspec/config.yaml": "schema: team-flow\n",
        "openspec/schemas/team-flow/schema.yaml": teamFlow("tasks.md"),
        "openspec/changes/named/.openspec.yaml": "schema: team-flow\ncreated: 2026-07-27\n",
        "openspec/changes/named/tasks.md": "- [x] a\n- [ ] b\n",
        "openspec/changes/unnamed/tasks.md": "- [x] a\n",
      });
      const list = await listLikeCli(opened(root), { kind: "changes", sort: "name", env });
      const cli = await runRealOpenSpec(root, ["list", "--json", "--sort", "name"]);
      expect(cli.status).toBe(0);
      expect("needsCli" in list ? list.needsCli : cliListingText(list)).toBe(cli.stdout);

      writeFiles(root, { "openspec/schemas/team-flow/schema.yaml": teamFlow("todo.md") });
      const other = await listLikeCli(opened(root), { kind: "changes", sort: "name", env });
      expect("needsCli" in other && other.needsCli).toBe(
        'openspec/config.yaml uses the schema "team-flow"',
      );
    },
    CLI_TIMEOUT_MS,
  );
});

/**
 * Lists the changes of a repository of `files` in a process of its own, and answers how often a
 * schema.yaml was opened on the way and the listing (its count of changes, or why the CLI answers).
 */
async function listedCountingSchemaOpens(files: Record<string, string>): Promise<unknown> {
  const root = makeOpenSpecRepository(files);
  const worker = join(import.meta.dirname, "..", "test-support", "list-counting-schema-opens.mjs");
  const { stdout } = await promisify(execFile)(process.execPath, [worker, root], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return JSON.parse(stdout);
}

describe("many changes naming the repository's own schema", () => {
  it("GIVEN 40 changes whose .openspec.yaml names the repository's own schema, which counts tasks in tasks.md, WHEN the changes are listed THEN the files answer for all 40 and the schema is opened once, not once a change", async () => {
    const files: Record<string, string> = {
      "openspec/schemas/team-flow/schema.yaml": copyInOtherWords((text) =>
        text.replace("name: spec-driven", "name: team-flow"),
      ),
    };
    for (let index = 0; index < 40; index += 1) {
      files[`openspec/changes/change-${index}/.openspec.yaml`] =
        "schema: team-flow\ncreated: 2026-07-27\n";
      files[`openspec/changes/change-${index}/tasks.md`] = "- [ ] a\n";
    }
    expect(await listedCountingSchemaOpens(files)).toEqual({ schemaOpens: 1, changes: 40 });
  }, 120_000);

  it("GIVEN 40 changes each naming a schema of its own among the repository's 40, each counting tasks in tasks.md, WHEN the changes are listed THEN the CLI is left to answer, and no more than eight schemas were opened on the way", async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 40; index += 1) {
      files[`openspec/schemas/flow-${index}/schema.yaml`] = copyInOtherWords((text) =>
        text.replace("name: spec-driven", `name: flow-${index}`),
      );
      files[`openspec/changes/change-${index}/.openspec.yaml`] =
        `schema: flow-${index}\ncreated: 2026-07-27\n`;
      files[`openspec/changes/change-${index}/tasks.md`] = "- [ ] a\n";
    }
    expect(await listedCountingSchemaOpens(files)).toEqual({
      schemaOpens: 8,
      changes: {
        needsCli: expect.stringMatching(/\/\.openspec\.yaml uses the schema "flow-\d+"$/),
      },
    });
  }, 120_000);
});

describe("openspec/config.yaml with fields the CLI does not know", () => {
  it(
    "GIVEN a config.yaml with a defaultSchema and a team's own settings beside schema and context, as public repositories keep them, WHEN the changes and specs are listed THEN the CLI prints no warning and the files answer with its bytes",
    async () => {
      const config =
        "schema: spec-driven\ndefaultSchema: spec-driven\ntdd:\n  enabled: true\n  command: pnpm test\ncontext: |\n  Flutter app\n";
      const root = makeOpenSpecRepository({
        "openspec/config.yaml": config,
        "openspec/changes/planned/tasks.md": "- [x] a\n- [ ] b\n",
        "openspec/specs/auth/spec.md":
          "# auth\n\n## Purpose\nSign in.\n\n## Requirements\n### Requirement: R\nThe system SHALL r.\n\n#### Scenario: S\n- **WHEN** a\n- **THEN** b\n",
      });
      for (const [kind, args] of [
        ["changes", ["list", "--json"]],
        ["specs", ["list", "--specs", "--json"]],
      ] as const) {
        const ours = await listLikeCli(opened(root), { kind, env });
        const cli = await runRealOpenSpec(root, [...args]);
        expect(cli.stderr, kind).toBe("");
        expect("needsCli" in ours ? ours.needsCli : cliListingText(ours), kind).toBe(cli.stdout);
      }
    },
    CLI_TIMEOUT_MS,
  );

  it.each([
    ["githubCopilot", "githubCopilot: yes\n"],
    ["operations", "operations:\n  archive: {}\n"],
    ["references", "references: [team]\n"],
  ])(
    "GIVEN a config.yaml with %s, a field the CLI reads and the readers do not WHEN weighed THEN the CLI answers",
    (_field, text) => {
      expect(configWarnsInCli(`schema: spec-driven\n${text}`)).toBe(true);
    },
  );
});

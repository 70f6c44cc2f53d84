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
      "a description that YAML reads as a number",
      (text: string) => text.replace("description: 变更的背景与范围", "description: 42"),
    ],
    ["requires: null", (text: string) => text.replace("    requires: []", "    requires: null")],
    [
      "a template outside the schema folder",
      (text: string) => text.replace("template: design.md", "template: ../design.md"),
    ],
  ])(
    "GIVEN a copy in other words with %s, which the CLI refuses to load WHEN listed and its change's status read THEN the CLI answers: the files are not read as the built-in schema",
    async (_shape, edit) => {
      const root = makeOpenSpecRepository({
        "openspec/schemas/spec-driven/schema.yaml": copyInOtherWords(edit),
        "openspec/changes/planned/proposal.md": "# p\n",
      });
      const { ours, cli } = await answers(root, "planned");
      expect(cli[1]!.status).not.toBe(0);
      expect(ours).toEqual([
        "needs the CLI: the repository defines its own spec-driven schema",
        "needs the CLI: the repository defines its own spec-driven schema",
      ]);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a copy in other words with a key the CLI does not read, or another tasks file WHEN listed THEN it is left to the CLI",
    async () => {
      const root = makeOpenSpecRepository({ "openspec/changes/planned/proposal.md": "# p\n" });
      for (const edit of [
        (text: string) => `${text}\nnotes: kept for the team\n`,
        (text: string) => text.replace("  tracks: tasks.md", "  tracks: todo.md"),
      ]) {
        writeFiles(root, { "openspec/schemas/spec-driven/schema.yaml": copyInOtherWords(edit) });
        const list = await listLikeCli(opened(root), { kind: "changes", sort: "recent", env });
        expect("needsCli" in list && list.needsCli).toBe(
          "the repository defines its own spec-driven schema",
        );
      }
    },
    CLI_TIMEOUT_MS,
  );
});

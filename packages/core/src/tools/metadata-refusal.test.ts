import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

/** Two CLI starts, each a second or more on a loaded machine. */
const CLI_TIMEOUT_MS = 180_000;

describe("a change whose .openspec.yaml the CLI's metadata check refuses", () => {
  it(
    "GIVEN a change whose .openspec.yaml keeps fields of its own and no schema, as some public repositories do, WHEN its status and instructions are asked THEN each refusal names the file and the missing field in one sentence, and the fix says what the file needs",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/changes/drop-sync/.openspec.yaml":
          "id: drop-sync\nstatus: proposed\nartifacts:\n  - proposal\n  - tasks\n",
        "openspec/changes/drop-sync/proposal.md": "## Why\nBecause.\n\n## What Changes\n- It.\n",
      });
      const { catalog } = makeCatalog();
      for (const [tool, args] of [
        ["openspec_status", { change: "drop-sync" }],
        ["openspec_instructions", { change: "drop-sync", artifact: "tasks" }],
      ] as const) {
        const answer = (await catalog.call(tool, { workdir: root, ...args })) as {
          ok: boolean;
          code?: string;
          error?: string;
          fix?: string;
        };
        expect(answer, tool).toMatchObject({
          ok: false,
          code: "exit_nonzero",
          error:
            "The openspec CLI refused openspec/changes/drop-sync/.openspec.yaml, the change's metadata: `schema` is missing.",
        });
        expect(answer.fix, tool).toMatch(
          /^Correct openspec\/changes\/drop-sync\/\.openspec\.yaml: `schema:` names the change's workflow schema \(`schema: spec-driven`/,
        );
      }
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN changes whose .openspec.yaml is broken YAML, names a schema the project lacks, or is a folder WHEN their status or instructions are asked THEN each refusal names the file in the repository and what is wrong in one sentence, and the fix says what to set",
    async () => {
      const proposal = "## Why\nBecause.\n\n## What Changes\n- It.\n";
      const root = makeOpenSpecRepository({
        "openspec/changes/bad-yaml/.openspec.yaml": "schema: [spec-driven\ncreated: 2026-01-31\n",
        "openspec/changes/bad-yaml/proposal.md": proposal,
        "openspec/changes/other-schema/.openspec.yaml": "schema: tdd\n",
        "openspec/changes/other-schema/proposal.md": proposal,
        "openspec/changes/folder-meta/.openspec.yaml/README.md": "Not a file.\n",
        "openspec/changes/folder-meta/proposal.md": proposal,
      });
      const { catalog } = makeCatalog();
      const asked = async (tool: string, args: Record<string, string>) =>
        (await catalog.call(tool, { workdir: root, ...args })) as {
          ok: boolean;
          code?: string;
          error?: string;
          fix?: string;
        };

      const yaml = await asked("openspec_status", { change: "bad-yaml" });
      expect(yaml).toMatchObject({ ok: false, code: "exit_nonzero" });
      expect(yaml.error).toMatch(
        /^The openspec CLI could not read openspec\/changes\/bad-yaml\/\.openspec\.yaml, the change's metadata, as YAML: [^\n]+ at line \d+, column \d+\.$/,
      );
      expect(yaml.fix).toMatch(
        /^Correct the YAML of openspec\/changes\/bad-yaml\/\.openspec\.yaml/,
      );

      const schema = await asked("openspec_instructions", {
        change: "other-schema",
        artifact: "tasks",
      });
      expect(schema).toMatchObject({
        ok: false,
        code: "exit_nonzero",
        error:
          "The openspec CLI refused openspec/changes/other-schema/.openspec.yaml, the change's metadata: its schema 'tdd' is not a workflow schema of this project.",
      });
      expect(schema.fix).toMatch(
        /^Set `schema:` in openspec\/changes\/other-schema\/\.openspec\.yaml to one of spec-driven/,
      );

      const folder = await asked("openspec_status", { change: "folder-meta" });
      expect(folder).toMatchObject({ ok: false });
      expect(folder.error).toContain("openspec/changes/folder-meta/.openspec.yaml");
      expect(folder.error).not.toContain(root);
    },
    CLI_TIMEOUT_MS,
  );
});

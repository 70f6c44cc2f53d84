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
});

import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";

export const doctorTool = defineTool({
  name: "openspec_doctor",
  description: "Check a repository's OpenSpec setup, with a fix per finding.",
  notes:
    "Run `openspec doctor --json`: the health of the repository's OpenSpec root, store and references, with a fix per finding.",
  inputSchema: () => z.object({ ...repositoryTargetFields() }).strict(),
  outputSchema: () =>
    z.strictObject({
      ...cliRunFields(),
      healthy: z.boolean().describe("Whether the root has no error finding."),
    }),
  requiresCli: true,
  annotations: readOnlyTool("Diagnose an OpenSpec root"),
  presentation: {
    command: ["doctor"],
    summary: "the OpenSpec root's health, with fixes",
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    render: (result) => renderFindings(result.healthy, result.diagnostics),
  },
  handler: async (input, context) => {
    const { doctorArgs } = await import("@org/openspec-cli-runner");
    const { prepareCliCall } = await import("./run-cli-tool.js");
    const { runContractCommand } = await import("./run-contract-command.js");
    const { doctorOutput } = await import("./cli-contract-shapes.js");
    const prepared = await prepareCliCall(context, input);
    if (!prepared.ok) return prepared;
    const answer = await runContractCommand(
      context,
      prepared.repository.root,
      doctorArgs(),
      doctorOutput(),
    );
    if ("ok" in answer) return answer;
    return { ...answer.run, healthy: answer.parsed.root.healthy };
  },
});

/** Each finding with its fix, or one line saying there are none. */
function renderFindings(
  healthy: boolean,
  findings: readonly {
    severity: string;
    code: string;
    message: string;
    fix?: string | undefined;
  }[],
): ResultBlock[] {
  return [
    { kind: "heading", text: healthy ? "healthy" : "unhealthy" },
    ...(findings.length === 0
      ? [{ kind: "text" as const, text: "no findings", tone: "good" as const }]
      : findings.map(
          (finding): ResultBlock => ({
            kind: "text",
            text: `${finding.severity} ${finding.code}: ${finding.message}${finding.fix ? `\n  fix: ${finding.fix}` : ""}`,
            tone: finding.severity === "error" ? "bad" : "warning",
          }),
        )),
  ];
}

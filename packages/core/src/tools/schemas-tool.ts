import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";

export const schemasTool = defineTool({
  name: "openspec_schemas",
  description:
    "List the workflow schemas a repository can use, or with name where one resolves from.",
  notes:
    "List the workflow schemas a repository can use (`openspec schemas`), or with name say where that schema resolves from (`openspec schema which`).",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        name: nameField("A schema to locate.").optional(),
      })
      .strict(),
  outputSchema: () => z.strictObject({ ...cliRunFields() }),
  requiresCli: true,
  annotations: readOnlyTool("List OpenSpec workflow schemas"),
  presentation: {
    command: ["schemas"],
    summary: "workflow schemas, or where one resolves from",
    arguments: ["name"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    render: (result) => [
      {
        kind: "table",
        columns: ["name", "source", "artifacts or path"],
        rows: (Array.isArray(result.stdout) ? result.stdout : [result.stdout]).map((entry) => {
          const schema = entry as Record<string, unknown>;
          const detail = Array.isArray(schema.artifacts)
            ? schema.artifacts.join(", ")
            : schema.path;
          return [String(schema.name), String(schema.source), String(detail)];
        }),
        empty: "(no schemas)",
      },
    ],
  },
  handler: async (input, context) => {
    const { schemasArgs, schemaWhichArgs } = await import("@org/openspec-cli-runner");
    const { prepareCliCall } = await import("./run-cli-tool.js");
    const { runContractCommand } = await import("./run-contract-command.js");
    const { schemasOutput, schemaWhichOutput } = await import("./cli-contract-shapes.js");
    const { toolFailure } = await import("../tool-result.js");
    const prepared = await prepareCliCall(context, input);
    if (!prepared.ok) return prepared;
    const { root } = prepared.repository;
    if (input.name === undefined) {
      const answer = await runContractCommand(context, root, schemasArgs(), schemasOutput());
      return "ok" in answer ? answer : answer.run;
    }
    const answer = await runContractCommand(
      context,
      root,
      schemaWhichArgs({ name: input.name }),
      schemaWhichOutput(),
    );
    if (!("ok" in answer)) return answer.run;
    // An unknown schema: exit 1 with `{ error, available }` on stdout.
    const unknown = z
      .object({ error: z.string(), available: z.array(z.string()) })
      .safeParse(answer.stdout);
    if (!unknown.success) return answer;
    return toolFailure(
      "unknown_schema",
      `The OpenSpec CLI knows no schema "${input.name}" in ${root}.`,
      `Use one of: ${unknown.data.available.join(", ")}.`,
      { available: unknown.data.available },
    );
  },
});

import { z } from "zod";
import { cliRunFields } from "../output-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";

export const storeListTool = defineTool({
  name: "openspec_store_list",
  description: "List this machine's OpenSpec stores, which openspec_source_import registers.",
  notes:
    "List the OpenSpec stores registered on this machine (`openspec store list --json`), which openspec_source_import registers as sources.",
  inputSchema: () => z.object({}).strict(),
  outputSchema: () => z.strictObject({ ...cliRunFields() }),
  requiresCli: true,
  annotations: readOnlyTool("List OpenSpec stores"),
  presentation: {
    command: ["stores"],
    summary: "the OpenSpec stores registered on this machine",
    render: (result) => {
      const stores = (result.stdout as { stores?: { id: string; root: string }[] }).stores ?? [];
      return [
        {
          kind: "table",
          columns: ["id", "root"],
          rows: stores.map((store) => [store.id, store.root]),
          empty: "(no stores)",
        },
      ];
    },
  },
  handler: async (_input, context) => {
    const { storeListArgs } = await import("@org/openspec-cli-runner");
    const { runContractCommand } = await import("./run-contract-command.js");
    const { storeListOutput, storeListWorkdir } = await import("./list-openspec-stores.js");
    const { toolFailure } = await import("../tool-result.js");
    const cli = await context.findCli();
    if (!cli.ok) return toolFailure(cli.code, cli.error, cli.fix);
    const answer = await runContractCommand(
      context,
      storeListWorkdir(context),
      storeListArgs(),
      storeListOutput(),
      // The store list reads the CLI's registry in the user's home, no source.
      { source: null },
    );
    return "ok" in answer ? answer : answer.run;
  },
});

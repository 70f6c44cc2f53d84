import type { Command } from "commander";
import { formatTable } from "../output/format-table.js";
import { paint } from "../output/terminal.js";
import type { Session } from "../session.js";
import { readJsonArgument } from "./read-json-argument.js";

/** `tools` and `call`: the catalog itself. */
export function registerCatalogCommands(program: Command, session: Session): void {
  program
    .command("tools")
    .description("every tool of the catalog, its toolset, whether it is available now, and why not")
    .action(async (_options: object, command: Command) => {
      const catalog = await session.catalog();
      const { defaultToolsetNames, offeredToolsets, toolsetOf } = await (
        await import("@org/openspec-core/startup")
      ).loadDefinitions();
      const toolsets = offeredToolsets(catalog.tools).map((toolset) => ({
        name: toolset.name,
        default: defaultToolsetNames.includes(toolset.name),
        summary: toolset.summary,
        tools: toolset.tools,
      }));
      const [availability, cli, pool] = await Promise.all([
        catalog.availability(),
        catalog.cliStatus(),
        catalog.warmPoolStatus(),
      ]);
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      const tools = availability.map(({ tool, available, reason }) => ({
        name: tool.name,
        available,
        requires_cli: tool.requiresCli,
        read_only: tool.annotations.readOnlyHint,
        toolset: toolsetOf(tool.name)?.name ?? null,
        reason,
        description: tool.description,
      }));
      const cliView = cli.ok
        ? { found: true, path: cli.path, rule: cli.rule }
        : { found: false, reason: cli.error, fix: cli.fix };
      if (json) {
        const warmPool = {
          usable: pool.usable,
          package_root: pool.package_root,
          via: pool.via,
          reason: pool.reason,
        };
        session.terminal.out(
          JSON.stringify({ ok: true, cli: cliView, warm_pool: warmPool, toolsets, tools }, null, 2),
        );
        return;
      }
      const t = session.terminal;
      t.out(
        cli.ok
          ? `OpenSpec CLI: ${cli.path} (found through ${cli.rule})`
          : `OpenSpec CLI: ${paint(t, "yellow", "not found")}: ${cli.error}\n${cli.fix}`,
      );
      t.out(
        pool.usable
          ? `Warm pool: usable by the MCP server and the Hermes bridge (${pool.package_root}${pool.via === "shim" ? ", through a package manager's shim" : ""})`
          : `Warm pool: ${paint(t, "yellow", "unavailable")}: ${pool.reason} The MCP server and the Hermes bridge start the CLI cold for every CLI-backed call.`,
      );
      t.out("");
      t.out(
        formatTable(
          ["TOOL", "AVAILABLE", "NEEDS CLI", "TOOLSET"],
          tools.map((tool) => [
            tool.name,
            tool.available ? "yes" : paint(t, "yellow", "no"),
            tool.requires_cli ? "yes" : "no",
            tool.toolset ?? "-",
          ]),
        ),
      );
      t.out("");
      t.out(
        "Toolsets (openspec-mcp --toolsets <names>|all, OPENSPEC_AGENT_TOOLSETS; Hermes: openspec-<name> in hermes tools):",
      );
      for (const toolset of toolsets) {
        t.out(`  ${toolset.name}${toolset.default ? " (default)" : ""}: ${toolset.summary}`);
      }
    });

  program
    .command("call")
    .description("call any tool with raw JSON input and print its result as JSON")
    .argument("<tool>", "the tool name, e.g. openspec_context")
    .option("--args <json>", "the input as JSON, @file.json, or - for stdin", "{}")
    .action(async (tool: string, options: { args: string }) => {
      const input = await readJsonArgument(session, "--args", options.args);
      if (!input) return;
      const result = await (await session.catalog()).call(tool, input.value);
      session.terminal.out(JSON.stringify(result, null, 2));
      session.exitCode = result.ok ? 0 : 1;
    });
}

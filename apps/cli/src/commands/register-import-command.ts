import { resolve } from "node:path";
import type { ToolDefinition } from "@org/openspec-core";
import type { Command } from "commander";
import type { Session } from "../session.js";
import { addToolCommand } from "./add-tool-command.js";
import { parentCommand } from "./parent-command.js";

/** The catalog tool `sources import --openspec-stores` calls. */
export const SOURCE_IMPORT_TOOL = "openspec_source_import";

const EXACTLY_ONE =
  "Give exactly one of --openspec-stores (the OpenSpec stores of this machine) and --hermes-db <file> (the earlier Python Hermes plugin's sources).";

/**
 * `sources import`: registers sources found elsewhere, from one of two places.
 * `--openspec-stores` calls `openspec_source_import` (the command is that
 * tool's, generated from its definition, so its store ids and `--dry-run`
 * come from there); `--hermes-db <file>` imports the earlier Python Hermes
 * plugin's database, the registry's one step that is not a catalog tool.
 * Both or neither is a usage error (exit 2). Without `storesTool` (a catalog
 * without it), only `--hermes-db` is offered.
 */
export function registerImportCommand(
  program: Command,
  session: Session,
  storesTool?: ToolDefinition,
): void {
  const parent = parentCommand(program, ["sources"]);
  if (storesTool === undefined) {
    parent
      .command("import")
      .description("import the sources of the earlier Python Hermes plugin, keeping their tokens")
      .requiredOption("--hermes-db <file>", "its database, usually ~/.hermes/openspec.db")
      .action(async (options: { hermesDb: string }, command: Command) => {
        await importHermes(session, command, options.hermesDb);
      });
    return;
  }
  const command = addToolCommand(parent, storesTool, session, undefined, async (command) => {
    const options = command.opts<{
      openspecStores?: boolean;
      hermesDb?: string;
      dryRun?: boolean;
    }>();
    if (options.openspecStores === true && options.hermesDb !== undefined) {
      command.error(
        `error: --openspec-stores and --hermes-db cannot be used together. ${EXACTLY_ONE}`,
      );
    }
    if (options.openspecStores !== true && options.hermesDb === undefined) {
      command.error(`error: say where to import from. ${EXACTLY_ONE}`);
    }
    if (options.hermesDb === undefined) return false;
    if (command.args.length > 0 || options.dryRun !== undefined) {
      command.error("error: store ids and --dry-run go with --openspec-stores, not --hermes-db.");
    }
    await importHermes(session, command, options.hermesDb);
    return true;
  });
  command
    .description(
      `${command.description()}; with --hermes-db <file>, the earlier Python Hermes plugin's sources instead, keeping their tokens`,
    )
    .option(
      "--openspec-stores",
      "register every OpenSpec store of this machine (what the stores command lists) or the store ids given, each under its id; already registered folders are skipped",
    )
    .option(
      "--hermes-db <file>",
      "import the earlier Python Hermes plugin's database, usually ~/.hermes/openspec.db, keeping tokens",
    )
    .addHelpText("after", `\n${EXACTLY_ONE}`);
}

/** The import is the Hermes host's: it reads the earlier plugin's file, the catalog's registry takes the rows. */
async function importHermes(session: Session, command: Command, hermesDb: string): Promise<void> {
  const { importHermesSources } = await import("@org/openspec-hermes-host");
  const result = await importHermesSources(await session.catalog(), resolve(session.cwd, hermesDb));
  session.print(command, "sources_import", result);
}

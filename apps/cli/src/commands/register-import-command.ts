import { resolve } from "node:path";
import type { Command } from "commander";
import type { Session } from "../session.js";
import { parentCommand } from "./parent-command.js";

/** `sources import`: the registry's one step that is not a catalog tool. */
export function registerImportCommand(program: Command, session: Session): void {
  parentCommand(program, ["sources"])
    .command("import")
    .description("import the sources of the earlier Python Hermes plugin, keeping their tokens")
    .requiredOption("--hermes-db <file>", "its database, usually ~/.hermes/openspec.db")
    .action(async (options: { hermesDb: string }, command: Command) => {
      const catalog = await session.catalog();
      const result = await catalog.importHermesSources(resolve(session.cwd, options.hermesDb));
      session.print(command, "sources_import", result);
    });
}

import { resolve } from "node:path";
import type { Command } from "commander";
import type { Session } from "../session.js";

/** `sources add|list|update|remove|import`: the registry shared by every host. */
export function registerSourceCommands(program: Command, session: Session): void {
  const sources = program
    .command("sources")
    .description("the registry of OpenSpec repositories, shared by every host");

  sources
    .command("add")
    .description("register a repository folder (openspec_source_add)")
    .argument("<path>", "the repository folder")
    .option("-n, --name <name>", "a short vanity name (default: the folder's basename)")
    .action(async (path: string, options: { name?: string }, command: Command) => {
      await session.run(command, "openspec_source_add", {
        path: resolve(session.cwd, path),
        ...(options.name === undefined ? {} : { name: options.name }),
      });
    });

  sources
    .command("list")
    .description("every registered source, oldest first (openspec_source_list)")
    .action(async (_options: object, command: Command) => {
      await session.run(command, "openspec_source_list", {});
    });

  sources
    .command("update")
    .description(
      "rename a source or move it to another folder; its token stays (openspec_source_update)",
    )
    .argument("<source>", "vanity name, folder basename or os_ token")
    .option("-n, --name <name>", 'the new vanity name ("" clears it)')
    .option("-p, --path <path>", "the new folder")
    .action(async (source: string, options: { name?: string; path?: string }, command: Command) => {
      await session.run(command, "openspec_source_update", {
        source,
        ...(options.name === undefined ? {} : { name: options.name }),
        ...(options.path === undefined ? {} : { path: resolve(session.cwd, options.path) }),
      });
    });

  sources
    .command("remove")
    .description("forget a source; its folder is not touched (openspec_source_remove)")
    .argument("<source>", "vanity name, folder basename or os_ token")
    .action(async (source: string, _options: object, command: Command) => {
      await session.run(command, "openspec_source_remove", { source });
    });

  sources
    .command("import")
    .description("import the sources of the earlier Python Hermes plugin, keeping their tokens")
    .requiredOption("--hermes-db <file>", "its database, usually ~/.hermes/openspec.db")
    .action(async (options: { hermesDb: string }, command: Command) => {
      const catalog = await session.catalog();
      const result = await catalog.importHermesSources(resolve(session.cwd, options.hermesDb));
      session.print(command, "sources_import", result);
    });
}

import { type Catalog, type ToolResult, toolFailure } from "@org/openspec-core";
import { hideServerPaths } from "./hide-server-paths.js";
import { listSources } from "./list-sources.js";
import { nameSourceFolders } from "./name-source-folders.js";
import { createServerFolders, type ServerFolderOptions } from "./server-folders.js";

/**
 * The shared catalog as a token holder sees it over HTTP. A token reaches
 * registered sources only: a call with `workdir` (any folder on the server)
 * is answered `workdir_not_allowed` without reaching the tool, unless the
 * server was started with `allowAnyWorkdir`. Every answer names a source's
 * folder by the source's name, so no token learns where repositories lie on
 * the server; a store's folder, which `doctor` and `context` print, is
 * written as `store:<id>`, and every other path under a folder the server
 * knows is its own (a parent project, a store another tool names, where the
 * CLI and the server are installed, the registry's folder; `createServerFolders`)
 * reads `<server path>`, its home `~` (`hideServerPaths`). Paths repository
 * text quotes (`/etc/hosts`) stay as written. A call that names neither keeps the server's default workdir,
 * which its operator chose. Closing the view leaves the shared catalog open.
 */
export function tokenHolderCatalog(
  catalog: Catalog,
  allowAnyWorkdir: boolean,
  server: Omit<ServerFolderOptions, "catalog">,
): Catalog {
  const serverFolders = createServerFolders({ ...server, catalog });
  return {
    ...catalog,
    call: async (name, args, call): Promise<ToolResult> => {
      // The session's own listing of sources (a call without a call context, never a
      // client's tools/call) keeps the real folders: resource watching needs them, and
      // resources show no source folder. Everything it renders comes through the rewrite.
      if (call === undefined && name === "openspec_source_list") return catalog.call(name, args);
      if (!allowAnyWorkdir && namesWorkdir(args)) {
        return toolFailure(
          "workdir_not_allowed",
          "This server lets a token reach registered sources only, so workdir is refused.",
          "Name the repository with source instead (openspec_source_list lists them), or ask the server's operator to register it.",
        );
      }
      const answer = await catalog.call(name, args, call);
      // Every token sees every registered source; the stores are named where the CLI reports them.
      const sources = await listSources(catalog);
      const [folders, stores] = await Promise.all([
        serverFolders.current(sources),
        STORE_REPORTING_TOOLS.has(name) ? serverFolders.stores() : [],
      ]);
      return hideServerPaths(
        await nameSourceFolders(answer, [...sources, ...stores]),
        server.home,
        folders,
      );
    },
    close: () => {},
  };
}

/** The tools whose answers may hold a store's folder: `doctor`, the passthrough's `context`, the store list. */
const STORE_REPORTING_TOOLS = new Set(["openspec_doctor", "openspec_cli", "openspec_store_list"]);

function namesWorkdir(args: unknown): boolean {
  return typeof args === "object" && args !== null && "workdir" in args;
}

import { type Catalog, type ToolResult, toolFailure } from "@org/openspec-core";
import { hideServerPaths } from "./hide-server-paths.js";
import { listSources } from "./list-sources.js";
import { listStoreFolders } from "./list-store-folders.js";
import { listTopFolders } from "./list-top-folders.js";
import { nameSourceFolders } from "./name-source-folders.js";

/**
 * The shared catalog as a token holder sees it over HTTP. A token reaches
 * registered sources only: a call with `workdir` (any folder on the server)
 * is answered `workdir_not_allowed` without reaching the tool, unless the
 * server was started with `allowAnyWorkdir`. Every answer names a source's
 * folder by the source's name, so no token learns where repositories lie on
 * the server; a store's folder, which `doctor` and `context` print, is
 * written as `store:<id>`, and every other path of the server (its home,
 * where node and the CLI are installed, a parent project, a store another
 * tool names) is hidden (`hideServerPaths`). A call that names neither keeps the server's default workdir,
 * which its operator chose. Closing the view leaves the shared catalog open.
 */
export function tokenHolderCatalog(
  catalog: Catalog,
  allowAnyWorkdir: boolean,
  serverHome: string,
): Catalog {
  const topFolders = listTopFolders();
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
      // Store folders lie outside every source; only these tools print them.
      const stores = STORE_REPORTING_TOOLS.has(name) ? await listStoreFolders(catalog) : [];
      return hideServerPaths(
        nameSourceFolders(answer, [...(await listSources(catalog)), ...stores]),
        serverHome,
        await topFolders,
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

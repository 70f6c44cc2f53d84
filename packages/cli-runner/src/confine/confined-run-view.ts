import { realpathSync } from "node:fs";
import { dirname } from "node:path";
import type { ConfinedView } from "@org/openspec-confine";
import { findNodeOnPath } from "./find-node-on-path.js";
import { installFolderOf } from "./install-folder-of.js";
import { nodeOptionsPreloadFolders } from "./node-options-preload-folders.js";
import { runnerPackageFolder } from "./runner-package-folder.js";

/**
 * The caller's view of one source, plus what the CLI itself needs to run,
 * all read-only: the CLI's installed files (the outermost `node_modules`
 * above it, as given and as its real path), this runner's own package (the
 * warm worker's script), the Node that runs it (as given and its real
 * folder), the CA file `NODE_EXTRA_CA_CERTS` names (else Node warns on
 * stderr in every run), and the folders of the modules `NODE_OPTIONS`
 * preloads (else Node stops before the CLI starts). Where a run's own folders hold none of these, the
 * root and the caller's extra folders are all the repository content it sees.
 */
export function confinedRunView(
  view: ConfinedView,
  program: { bin: string; node: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
): ConfinedView {
  const files = new Set<string>(view.readOnly ?? []);
  const add = (path: string | undefined) => {
    if (path === undefined) return;
    files.add(path);
  };
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return undefined;
    }
  };
  const bin = program.bin;
  const realBin = real(bin);
  add(bin);
  add(installFolderOf(bin, dirname(bin)));
  if (realBin !== undefined) add(installFolderOf(realBin, dirname(realBin)));
  add(runnerPackageFolder());
  for (const node of [program.node, findNodeOnPath(env.PATH)]) {
    if (node === undefined) continue;
    add(node);
    const realNode = real(node);
    if (realNode !== undefined) add(dirname(realNode));
  }
  const caFile = env.NODE_EXTRA_CA_CERTS;
  if (caFile?.startsWith("/")) add(caFile);
  for (const folder of nodeOptionsPreloadFolders(env.NODE_OPTIONS)) add(folder);
  return { ...view, readOnly: [...files] };
}

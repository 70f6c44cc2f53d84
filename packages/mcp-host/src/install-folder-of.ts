import { lstat, realpath } from "node:fs/promises";
import { dirname, join, sep } from "node:path";

/**
 * The folder a program installed from npm lies in, from one of its files:
 * with the links resolved, up to the outermost `node_modules` of its path,
 * then the project that holds that `node_modules` (`/srv/app` for
 * `/srv/app/node_modules/.pnpm/…`), or the `node_modules` folder itself when
 * no project holds it (a global install: `/usr/lib/node_modules`, not all of
 * `/usr/lib`). A file outside any `node_modules` (a checkout, a workspace
 * package) counts up to the outermost folder above it that holds both a
 * `package.json` and a `node_modules`, else its nearest package, else the
 * file alone. Undefined when the file cannot be
 * resolved. Every read is asynchronous.
 */
export async function installFolderOf(file: string): Promise<string | undefined> {
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return undefined;
  }
  const parts = real.split(sep);
  const first = parts.indexOf("node_modules");
  if (first > 0) {
    const modules = parts.slice(0, first + 1).join(sep);
    const project = dirname(modules);
    return project !== dirname(project) && (await exists(join(project, "package.json")))
      ? project
      : modules;
  }
  let outermost: string | undefined;
  let nearestPackage: string | undefined;
  for (let folder = dirname(real); folder !== dirname(folder); folder = dirname(folder)) {
    const [manifest, modules] = await Promise.all([
      exists(join(folder, "package.json")),
      exists(join(folder, "node_modules")),
    ]);
    if (manifest) nearestPackage ??= folder;
    if (manifest && modules) outermost = folder;
  }
  return outermost ?? nearestPackage ?? real;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

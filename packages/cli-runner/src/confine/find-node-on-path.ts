import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/**
 * The `node` a `#!/usr/bin/env node` line or a shim would start with this
 * `PATH` (absolute entries only), or undefined. A confined run binds it, since
 * inside the view only what is bound exists.
 */
export function findNodeOnPath(path: string | undefined): string | undefined {
  for (const folder of (path ?? "").split(delimiter)) {
    if (!isAbsolute(folder)) continue;
    const candidate = join(folder, "node");
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

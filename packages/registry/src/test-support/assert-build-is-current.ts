import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const builtEntry = fileURLToPath(new URL("../../dist/index.js", import.meta.url));
const sourceDir = fileURLToPath(new URL("..", import.meta.url));

/** Worker scripts import dist/, so a stale build would test old code. */
export function assertBuildIsCurrent(): void {
  if (!existsSync(builtEntry)) throw new Error("dist/ is missing: run `pnpm build` first");
  const built = statSync(builtEntry).mtimeMs;
  const stale = readdirSync(sourceDir).filter(
    (file) =>
      file.endsWith(".ts") &&
      !file.endsWith(".test.ts") &&
      statSync(join(sourceDir, file)).mtimeMs > built,
  );
  if (stale.length > 0)
    throw new Error(`dist/ is older than ${stale.join(", ")}: run \`pnpm build\``);
}

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const serverPackage = dirname(require.resolve("@org/openspec-mcp/package.json"));

/** The published bin of `@org/openspec-mcp`, as `npx @org/openspec-mcp` runs it (after `pnpm build`). */
export const SERVER_BIN = join(serverPackage, "bin", "openspec-mcp.js");

/** Throws a sentence naming the missing bundle, before a client fails on a server that cannot start. */
export function requireBuiltServer(): void {
  const bundle = join(serverPackage, "dist", "bundle", "openspec-mcp.cjs");
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run pnpm build first.`);
}

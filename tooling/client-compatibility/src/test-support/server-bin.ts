import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { MCP_BIN } from "@org/host-harness";

/** Throws a sentence naming the missing bundle, before a client fails on a server that cannot start. */
export function requireBuiltServer(): void {
  const bundle = join(dirname(dirname(MCP_BIN)), "dist", "bundle", "openspec-mcp.cjs");
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run pnpm build first.`);
}

import type { Catalog } from "@org/openspec-core";
import type { BridgeRequest } from "./parse-bridge-request.js";

/** What the bridge needs of a catalog; tests may hand it any object of this shape. */
export type BridgeCatalog = Pick<Catalog, "call" | "cliStatus">;

/** The `result` of one answer: a tool result, the CLI status, or the ping reply. */
export async function answerBridgeRequest(
  request: BridgeRequest,
  catalog: BridgeCatalog,
): Promise<unknown> {
  if (request.kind === "tool") return catalog.call(request.tool, request.args);
  if (request.op === "cli_status") return catalog.cliStatus();
  return { ok: true, pong: true, pid: process.pid };
}

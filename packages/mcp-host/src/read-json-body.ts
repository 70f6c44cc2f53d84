import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";
import type { HttpEnv } from "./http-env.js";
import { jsonRpcError } from "./json-rpc-error.js";
import { readLimitedBody } from "./read-limited-body.js";

/**
 * A POST's JSON body, or the answer that refuses it: 413 past the body limit
 * (the connection ends with the answer, the rest is never read), 400 when it
 * is not JSON. Hono's bodyLimit rebuilds the request with
 * `new Request(c.req.raw)`, which fails on @hono/node-server's request objects
 * unless they replace Node's global Request, and the MCP SDK needs Node's own;
 * so the body is read from Node's stream here.
 */
export async function readJsonBody(
  c: Context<HttpEnv>,
  maxBodyBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false; answer: Response }> {
  const { incoming, outgoing } = c.env;
  const read = await readLimitedBody(incoming, maxBodyBytes);
  if (!read.ok) {
    if (read.reason === "aborted") return { ok: false, answer: RESPONSE_ALREADY_SENT };
    outgoing.once("finish", () => incoming.socket.destroy());
    const message = `The request body is larger than ${maxBodyBytes} bytes.`;
    return {
      ok: false,
      answer: jsonRpcError(c, 413, message, -32000, { connection: "close" }),
    };
  }
  try {
    return { ok: true, body: JSON.parse(read.body) };
  } catch {
    return {
      ok: false,
      answer: jsonRpcError(c, 400, "Parse error: the body is not JSON.", -32700),
    };
  }
}

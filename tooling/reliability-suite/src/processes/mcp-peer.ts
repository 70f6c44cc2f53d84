import { MCP_BIN } from "@org/host-harness";
import { type JsonLinePeer, startJsonLinePeer } from "./json-line-peer.js";

/** The MCP server over raw stdio, so a check can signal it or close its stdin itself. */
export type McpPeer = {
  peer: JsonLinePeer;
  /** Calls a tool and gives its structured result; rejects when no answer comes within the deadline. */
  call(
    tool: string,
    args: Record<string, unknown>,
    deadlineMs?: number,
  ): Promise<Record<string, unknown>>;
};

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

/** Starts the server as an MCP host would and completes the handshake. */
export async function startMcpPeer(options: {
  env: Record<string, string | undefined>;
  cwd: string;
  /** Runs the server as this user and group (the checks run as root), through util-linux's setpriv. */
  uid?: number;
}): Promise<McpPeer> {
  const { env, cwd, uid } = options;
  const peer =
    // Only root may switch users; anyone else is unprivileged already.
    uid === undefined || process.getuid?.() !== 0
      ? startJsonLinePeer(process.execPath, [MCP_BIN], { env, cwd })
      : startJsonLinePeer(
          "/usr/bin/setpriv",
          [`--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", process.execPath, MCP_BIN],
          { env, cwd },
        );
  await peer.write(
    line({
      jsonrpc: "2.0",
      id: "init",
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "reliability-suite", version: "0" },
      },
    }),
  );
  await peer.answer("init");
  await peer.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
  let next = 0;
  return {
    peer,
    async call(tool, args, deadlineMs = 60_000) {
      next += 1;
      const id = `call-${next}`;
      await peer.write(
        line({ jsonrpc: "2.0", id, method: "tools/call", params: { name: tool, arguments: args } }),
      );
      const answer = await peer.answer(id, deadlineMs);
      const result = answer.result as { structuredContent?: Record<string, unknown> } | undefined;
      if (result?.structuredContent === undefined) {
        throw new Error(
          `no structured result for ${tool}: ${JSON.stringify(answer).slice(0, 500)}`,
        );
      }
      return result.structuredContent;
    },
  };
}

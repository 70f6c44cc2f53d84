import { startJsonLinesProcess } from "./json-lines-process.mjs";
import { measureRatio } from "./measure.mjs";
import { ratioResult } from "./result.mjs";
import { runProcess } from "./run-process.mjs";

/**
 * P5: from starting the MCP server to its `tools/list` answer (initialize,
 * initialized, tools/list over stdio), against starting `node -e 0` and
 * waiting for it to exit.
 *
 * @param {{ iterations: number, serverBin: string, env: Record<string, string>, cwd: string }} options
 */
export async function benchMcpStartup({ iterations, serverBin, env, cwd }) {
  let toolCount = 0;
  const startAndList = async () => {
    const server = startJsonLinesProcess(process.execPath, [serverBin], { env, cwd });
    server.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "openspec-agent-bench", version: "0.0.0" },
      },
    });
    await server.next((message) => message.id === 1);
    server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    server.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    const listed = await server.next((message) => message.id === 2);
    toolCount = listed.result?.tools?.length ?? 0;
    // Stopping is not part of the figure, but must finish before the next pair.
    return server;
  };
  const servers = [];
  const measured = await measureRatio({
    iterations,
    baseline: () => runProcess(process.execPath, ["-e", "0"], { cwd, env }),
    candidate: async () => servers.push(await startAndList()),
    settle: async () => {
      for (const server of servers.splice(0)) await server.stop();
    },
  });
  for (const server of servers.splice(0)) await server.stop();
  return ratioResult({
    id: "P5",
    title: "MCP server start to tools/list answer / node -e 0",
    measured,
    atMost: 3,
    valid: toolCount > 0,
    details: {
      tools: toolCount,
      nodeMs: measured.baselineMs.median,
      serverMs: measured.candidateMs.median,
    },
  });
}

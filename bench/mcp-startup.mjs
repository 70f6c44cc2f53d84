import { startJsonLinesProcess } from "./json-lines-process.mjs";
import { measureRatio } from "./measure.mjs";
import { ratioResult } from "./result.mjs";
import { runProcess } from "./run-process.mjs";

/** What a 2026-07-28 client puts in every request: the revision, its capabilities and name. */
const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "openspec-agent-bench", version: "0.0.0" },
};

/**
 * The figures of a 2026-07-28 client, which sends no `initialize`:
 * mcp-startup-2026-discover from starting the server to its `server/discover`
 * answer, mcp-startup-2026-tools-list to its answer to the client's first
 * `tools/list` (sent after `server/discover`, as the SDK v2 client does), each
 * against starting `node -e 0`.
 */
const MODERN_STEPS = {
  "mcp-startup-2026-discover": {
    title: "MCP server start to a 2026-07-28 client's server/discover answer / node -e 0",
    methods: ["server/discover"],
  },
  "mcp-startup-2026-tools-list": {
    title: "MCP server start to a 2026-07-28 client's first tools/list answer / node -e 0",
    methods: ["server/discover", "tools/list"],
  },
};

/**
 * mcp-startup: from starting the MCP server to its `tools/list` answer (initialize,
 * initialized, tools/list over stdio), against starting `node -e 0` and
 * waiting for it to exit. `modern` (a key of MODERN_STEPS) measures a
 * 2026-07-28 client instead. `id` and `title` name another server
 * measured the same way (the SDK's own server, as mcp-startup's yardstick).
 *
 * @param {{ iterations: number, serverBin: string, env: Record<string, string>, cwd: string, modern?: "mcp-startup-2026-discover" | "mcp-startup-2026-tools-list", id?: string, title?: string }} options
 */
export async function benchMcpStartup({
  iterations,
  serverBin,
  env,
  cwd,
  modern,
  id = "mcp-startup",
  title = "MCP server start to tools/list answer / node -e 0",
}) {
  if (modern !== undefined) return benchModernStartup({ iterations, serverBin, env, cwd, modern });
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
  return measureStartup({
    iterations,
    env,
    cwd,
    startAndAnswer: startAndList,
    result: (measured) =>
      ratioResult({
        id,
        title,
        measured,
        atMost: 3,
        valid: toolCount > 0,
        details: {
          tools: toolCount,
          nodeMs: measured.baselineMs.median,
          serverMs: measured.candidateMs.median,
        },
      }),
  });
}

/** A 2026-07-28 client's requests (MODERN_STEPS), each standing alone with its own `_meta`. */
async function benchModernStartup({ iterations, serverBin, env, cwd, modern }) {
  const { title, methods } = MODERN_STEPS[modern];
  let answered = false;
  const startAndAnswer = async () => {
    const server = startJsonLinesProcess(process.execPath, [serverBin], { env, cwd });
    let last;
    for (const [index, method] of methods.entries()) {
      server.send({ jsonrpc: "2.0", id: index + 1, method, params: { _meta: MODERN_META } });
      last = await server.next((message) => message.id === index + 1);
    }
    answered =
      last?.result !== undefined &&
      (methods.at(-1) === "tools/list"
        ? (last.result.tools?.length ?? 0) > 0
        : (last.result.supportedVersions ?? []).includes("2026-07-28"));
    return server;
  };
  return measureStartup({
    iterations,
    env,
    cwd,
    startAndAnswer,
    result: (measured) =>
      ratioResult({
        id: modern,
        title,
        measured,
        atMost: 3,
        valid: answered,
        details: { nodeMs: measured.baselineMs.median, serverMs: measured.candidateMs.median },
      }),
  });
}

/** Alternates `node -e 0` with starting a server and awaiting its answer; servers stop between pairs, untimed. */
async function measureStartup({ iterations, env, cwd, startAndAnswer, result }) {
  const servers = [];
  const measured = await measureRatio({
    iterations,
    baseline: () => runProcess(process.execPath, ["-e", "0"], { cwd, env }),
    candidate: async () => servers.push(await startAndAnswer()),
    settle: async () => {
      for (const server of servers.splice(0)) await server.stop();
    },
  });
  for (const server of servers.splice(0)) await server.stop();
  return result(measured);
}

// P8: N concurrent MCP sessions over Streamable HTTP against one
// `openspec-mcp --http` process on 127.0.0.1, each calling openspec_context,
// openspec_spec_show, openspec_list and openspec_validate (one change) in
// turn on the generated repository, for a fixed time and at most a fixed
// number of calls per session. Reports sessions held, calls per second,
// p50/p99 latency, failed calls and the server's resident memory.
import { startHttpServerProcess } from "./http-server-process.mjs";

export async function benchHttpLoad({
  root,
  env,
  repository,
  levels,
  seconds,
  maxCallsPerSession,
  callTimeoutMs = 600_000,
}) {
  // One token for every session: the load of many clients, not one client's cap (20 by default).
  const server = await startHttpServerProcess({
    root,
    env,
    serverArguments: ["--max-sessions-per-token", String(Math.max(1, ...levels))],
  });
  const { url } = server;
  const connect = () => server.connect();
  const rss = () => server.rss();

  const calls = [
    { name: "openspec_context", arguments: { identifier: "bench-large" } },
    { name: "openspec_spec_show", arguments: { source: "bench-large", name: "capability-0001" } },
    { name: "openspec_list", arguments: { source: "bench-large" } },
    {
      name: "openspec_validate",
      arguments: { source: "bench-large", target: "add-feature-0001", type: "change" },
    },
  ];
  const rows = [];
  try {
    const setup = await connect();
    const added = await setup.callTool({
      name: "openspec_source_add",
      arguments: { path: repository, name: "bench-large" },
    });
    if (added.structuredContent?.ok !== true)
      throw new Error(JSON.stringify(added.structuredContent));
    await setup.transport?.terminateSession();
    await setup.close();
    for (const sessions of levels) rows.push(await level(sessions));
  } finally {
    await server.stop();
  }
  return rows;

  async function level(sessions) {
    const clients = await Promise.all(Array.from({ length: sessions }, connect));
    const latencies = [];
    let failed = 0;
    let timedOut = 0;
    const failures = new Set();
    let peakRss = rss();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rss());
    }, 200);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      clients.map(async (client, index) => {
        for (let call = 0; call < maxCallsPerSession && performance.now() < deadline; call += 1) {
          const request = calls[(index + call) % calls.length];
          const before = performance.now();
          try {
            const answer = await client.callTool(request, undefined, {
              timeout: callTimeoutMs,
              maxTotalTimeout: callTimeoutMs,
            });
            if (answer.isError === true) {
              failed += 1;
              failures.add(
                `${request.name}: ${answer.structuredContent?.code ?? "?"} ${answer.structuredContent?.error ?? ""}`.slice(
                  0,
                  300,
                ),
              );
            }
          } catch (error) {
            failed += 1;
            if (/timed out/i.test(String(error))) timedOut += 1;
            failures.add(`${request.name}: ${String(error)}`.slice(0, 300));
          }
          latencies.push(performance.now() - before);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const held = (await fetch(url.replace("/mcp", "/healthz")).then((r) => r.json())).sessions;
    // DELETE each session, as a well-behaved client does, so the next level starts from none.
    await Promise.all(
      clients.map(async (client) => {
        await client.transport?.terminateSession().catch(() => {});
        await client.close();
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return {
      sessions,
      held,
      calls: latencies.length,
      failed,
      timedOut,
      callsPerSecond: latencies.length / elapsed,
      p50: at(0.5),
      p99: at(0.99),
      rssMb: peakRss / 1024 / 1024,
      failures: [...failures].slice(0, 5),
    };
  }
}

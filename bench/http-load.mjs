// http-load: N concurrent MCP sessions over Streamable HTTP against one
// `openspec-mcp --http` process on 127.0.0.1, on a generated repository,
// each session going round a mixed workload for a fixed time and at most a
// fixed number of calls: cheap calls (`openspec_status` and one-change
// `openspec_validate` of its own change, `openspec_context` of a change by
// token), whole-repository calls (`openspec_list`, `openspec_validate` of
// everything) and writes (`openspec_task_set_status`, `openspec_change_write`
// of its own change), which change the repository mid-run so that cached
// whole-repository answers go stale. Reports, per level and per kind of call,
// calls per second, p50/p99 latency, failed and timed-out calls, and the
// server's peak resident memory. `revision: "2026-07-28"` drives clients of
// that revision (stateless, no session) instead of 2025 clients with sessions.
// `startServer` starts what the clients reach: one server by default, or
// replicas behind a proxy (startHttpReplicas in http-replicas-process.mjs).
import { startHttpServerProcess } from "./http-server-process.mjs";

/** The kinds of call the figures are split by. */
export const CALL_KINDS = ["cheap", "whole", "write"];

/** One printed row per kind of call of an http-load row: its counts, rate, latencies and the server's memory. */
export function kindFigures(row) {
  return CALL_KINDS.map((kind) => ({
    kind,
    calls: row.kinds[kind].calls,
    failed: row.kinds[kind].failed,
    "timed out": row.kinds[kind].timedOut,
    "calls/s": row.kinds[kind].callsPerSecond.toFixed(2),
    "p50 ms": row.kinds[kind].p50?.toFixed(0) ?? "–",
    "p99 ms": row.kinds[kind].p99?.toFixed(0) ?? "–",
    "server RSS MB": row.rssMb.toFixed(0),
  }));
}

/**
 * One session's round: `source` is the repository's name, `change` its own
 * change, `token` that change's context token, `round` how many rounds it has
 * made (writes alternate what they do, so each one changes a file).
 */
function roundOf({ source, change, token, round }) {
  const cheap = [
    {
      kind: "cheap",
      label: "status",
      name: "openspec_status",
      arguments: { source, change },
    },
    {
      kind: "cheap",
      label: "validate one",
      name: "openspec_validate",
      arguments: { source, target: change, type: "change" },
    },
    {
      kind: "cheap",
      label: "context by token",
      name: "openspec_context",
      arguments: { identifier: `${source}/${token}` },
    },
  ];
  const write =
    round % 2 === 0
      ? {
          kind: "write",
          label: "task_set_status",
          name: "openspec_task_set_status",
          arguments: { source, change, ids: ["1.3"], done: round % 4 === 0 },
        }
      : {
          kind: "write",
          label: "change_write",
          name: "openspec_change_write",
          arguments: {
            source,
            change,
            artifact: "design",
            content: `# Design\n\nRound ${round} of the load test rewrote this.\n`,
            force: true,
          },
        };
  return [
    ...cheap,
    { kind: "whole", label: "list", name: "openspec_list", arguments: { source } },
    ...cheap,
    {
      kind: "whole",
      label: "validate all",
      name: "openspec_validate",
      arguments: { source },
    },
    write,
  ];
}

export async function benchHttpLoad({
  root,
  env,
  repository,
  changes,
  levels,
  seconds,
  maxCallsPerSession,
  callTimeoutMs = 90_000,
  serverNodeArguments = [],
  revision = "2025-11-25",
  startServer = startHttpServerProcess,
}) {
  // A name per repository size and revision: each run's server shares the bench's registry.
  const source = `bench-${changes}-${revision.slice(0, 4)}`;
  // One token for every session: the load of many clients, not one client's cap (20 by default).
  const server = await startServer({
    root,
    env,
    nodeArguments: serverNodeArguments,
    revision,
    serverArguments: ["--max-sessions-per-token", String(Math.max(1, ...levels))],
  });
  const { url } = server;
  const connect = () => server.connect();
  const rss = () => server.rss();
  const rows = [];
  let tokens;
  try {
    const setup = await connect();
    const added = await setup.callTool({
      name: "openspec_source_add",
      arguments: { path: repository, name: source },
    });
    if (added.structuredContent?.ok !== true)
      throw new Error(JSON.stringify(added.structuredContent));
    const context = await setup.callTool({
      name: "openspec_context",
      arguments: { identifier: source, limit: 1000 },
    });
    tokens = new Map(
      (context.structuredContent?.changes ?? []).map((change) => [change.name, change.token]),
    );
    await server.disconnect(setup);
    for (const sessions of levels) rows.push(await level(sessions));
  } finally {
    await server.stop();
  }
  return rows;

  async function level(sessions) {
    const clients = await Promise.all(Array.from({ length: sessions }, connect));
    const latencies = Object.fromEntries(CALL_KINDS.map((kind) => [kind, []]));
    const failed = Object.fromEntries(CALL_KINDS.map((kind) => [kind, 0]));
    const timedOut = Object.fromEntries(CALL_KINDS.map((kind) => [kind, 0]));
    const failures = new Set();
    const byLabel = new Map();
    let peakRss = rss();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rss());
    }, 200);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const named = [...tokens.keys()].sort();
    await Promise.all(
      clients.map(async (client, index) => {
        // Each session works on a change of its own, so two writes never race for one file.
        const change = named[index % named.length];
        const token = tokens.get(change);
        let calls = 0;
        for (
          let round = 0;
          calls < maxCallsPerSession && performance.now() < deadline;
          round += 1
        ) {
          // Each session starts its rounds at another call, so every kind runs from the first second.
          const requests = roundOf({ source, change, token, round });
          const offset = index % requests.length;
          for (const request of [...requests.slice(offset), ...requests.slice(0, offset)]) {
            if (calls >= maxCallsPerSession || performance.now() >= deadline) break;
            calls += 1;
            const before = performance.now();
            try {
              const answer = await client.callTool(
                { name: request.name, arguments: request.arguments },
                undefined,
                { timeout: callTimeoutMs, maxTotalTimeout: callTimeoutMs },
              );
              if (answer.isError === true) {
                failed[request.kind] += 1;
                failures.add(
                  `${request.name}: ${answer.structuredContent?.code ?? "?"} ${answer.structuredContent?.error ?? ""}`.slice(
                    0,
                    300,
                  ),
                );
              }
            } catch (error) {
              failed[request.kind] += 1;
              if (/timed out/i.test(String(error))) timedOut[request.kind] += 1;
              failures.add(`${request.name}: ${String(error)}`.slice(0, 300));
            }
            const took = performance.now() - before;
            latencies[request.kind].push(took);
            const same = byLabel.get(request.label) ?? [];
            same.push(took);
            byLabel.set(request.label, same);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const held = (await fetch(url.replace("/mcp", "/healthz")).then((r) => r.json())).sessions;
    // DELETE each session, as a well-behaved client does, so the next level starts from none.
    await Promise.all(clients.map((client) => server.disconnect(client)));
    const percentiles = (values) => {
      const sorted = values.sort((a, b) => a - b);
      const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
      return { calls: sorted.length, p50: at(0.5), p99: at(0.99) };
    };
    const kinds = Object.fromEntries(
      CALL_KINDS.map((kind) => [
        kind,
        {
          ...percentiles(latencies[kind]),
          failed: failed[kind],
          timedOut: timedOut[kind],
          callsPerSecond: latencies[kind].length / elapsed,
        },
      ]),
    );
    const perCall = Object.fromEntries(
      [...byLabel].map(([label, values]) => [label, percentiles(values)]),
    );
    const all = CALL_KINDS.reduce((sum, kind) => sum + kinds[kind].calls, 0);
    return {
      revision,
      changes,
      sessions,
      held,
      calls: all,
      failed: CALL_KINDS.reduce((sum, kind) => sum + failed[kind], 0),
      timedOut: CALL_KINDS.reduce((sum, kind) => sum + timedOut[kind], 0),
      callsPerSecond: all / elapsed,
      seconds: elapsed,
      kinds,
      perCall,
      rssMb: peakRss / 1024 / 1024,
      failures: [...failures].slice(0, 5),
    };
  }
}

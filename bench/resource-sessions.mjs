// resource-sessions: N MCP sessions over Streamable HTTP against one `openspec-mcp --http`
// process, each paging through resources/list and subscribing to some of
// the listed resources, all at once, on the generated repository. Reports
// the server's resident memory (with the sessions open, its peak while they
// list and subscribe), the longest its event loop was held, /healthz latency
// at rest and while the listings are in flight, the inotify watches it holds
// with every session and after the last one closed, and the listings' times.
import { join } from "node:path";
import { kill } from "node:process";
import { fileURLToPath } from "node:url";
import { startHttpServerProcess } from "./http-server-process.mjs";

const PROBE = fileURLToPath(new URL("./event-loop-probe.mjs", import.meta.url));

/** The SDK gives up on a request after 60 s; a stalled server is measured, not abandoned. */
const patient = { timeout: 3_600_000, maxTotalTimeout: 3_600_000 };

export async function benchResourceSessions({
  root,
  env,
  repository,
  sessions,
  subscriptionsPerSession = 20,
  bin = join(root, "apps/mcp-server/bin/openspec-mcp.js"),
  nodeArguments = [],
}) {
  const server = await startHttpServerProcess({
    root,
    env,
    bin,
    nodeArguments: ["--import", PROBE, ...nodeArguments],
  });
  const healthz = server.url.replace(/\/mcp$/, "/healthz");
  let healthzFailures = 0;
  const askHealth = async () => {
    const before = performance.now();
    try {
      const answer = await fetch(healthz);
      await answer.text();
    } catch {
      healthzFailures += 1;
    }
    return { ms: performance.now() - before, at: performance.now() };
  };
  try {
    const setup = await server.connect();
    const added = await setup.callTool({
      name: "openspec_source_add",
      arguments: { path: repository, name: "large" },
    });
    if (added.structuredContent?.ok !== true)
      throw new Error(JSON.stringify(added.structuredContent));
    await server.disconnect(setup);

    const atRest = [];
    for (let i = 0; i < 11; i += 1) atRest.push((await askHealth()).ms);

    // The yardstick: one session alone lists and subscribes, and lets go of every watch.
    await eventLoopReport(server);
    const lone = await server.connect();
    const alone = await listAndSubscribe([lone], subscriptionsPerSession);
    const aloneEventLoop = await eventLoopReport(server);
    await server.disconnect(lone);
    const watchesAfterAlone = await settle(() => server.inotifyWatches());

    const clients = await Promise.all(Array.from({ length: sessions }, () => server.connect()));
    const rssWithSessions = server.rss();
    await eventLoopReport(server);

    let peakRss = rssWithSessions;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, server.rss());
    }, 100);
    const underLoad = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        underLoad.push(await askHealth());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    const crowd = await listAndSubscribe(clients, subscriptionsPerSession);
    const listedAllAt = performance.now();
    polling = false;
    await poller;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, server.rss());
    const eventLoop = await eventLoopReport(server);
    const watchesWithSessions = server.inotifyWatches();
    await Promise.all(clients.map((client) => server.disconnect(client)));
    const watchesAfterClose = await settle(() => server.inotifyWatches());

    const during = underLoad.filter((answer) => answer.at >= started && answer.at <= listedAllAt);
    const { listings } = crowd;
    return {
      sessions,
      healthzFailures,
      resources: listings[0]?.resources ?? 0,
      subscribed: crowd.subscribed,
      refused: crowd.refused.slice(0, 3),
      alone: {
        listingMs: alone.listings[0]?.ms ?? 0,
        eventLoopMaxMs: aloneEventLoop.maxMs,
        watchesAfterClose: watchesAfterAlone,
      },
      rssWithSessionsMb: rssWithSessions / 2 ** 20,
      peakRssMb: peakRss / 2 ** 20,
      growthMb: (peakRss - rssWithSessions) / 2 ** 20,
      eventLoopMaxMs: eventLoop.maxMs,
      eventLoopP99Ms: eventLoop.p99Ms,
      healthzAtRestMs: median(atRest),
      healthzDuringListings: {
        answers: during.length,
        medianMs: median(during.map((answer) => answer.ms)),
        maxMs: Math.max(0, ...during.map((answer) => answer.ms)),
      },
      allListedMs: listedAllAt - started,
      listingMs: {
        median: median(listings.map((listing) => listing.ms)),
        max: Math.max(...listings.map((listing) => listing.ms)),
      },
      watchesWithSessions,
      watchesAfterClose,
    };
  } catch (error) {
    throw new Error(
      `${String(error)}; the server's last lines:\n${server.stderr.slice(-15).join("\n")}`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * Each client pages through resources/list, then subscribes to resources of
 * its own spread over the list; all clients at once.
 */
async function listAndSubscribe(clients, subscriptionsPerSession) {
  const listings = [];
  const refused = [];
  let subscribed = 0;
  await Promise.all(
    clients.map(async (client, index) => {
      const before = performance.now();
      const uris = [];
      let cursor;
      do {
        const page = await client.listResources(cursor === undefined ? {} : { cursor }, patient);
        for (const resource of page.resources) uris.push(resource.uri);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      listings.push({ ms: performance.now() - before, resources: uris.length });
      for (let i = 0; i < subscriptionsPerSession; i += 1) {
        const uri = uris[(index * subscriptionsPerSession + i * 97) % uris.length];
        try {
          await client.subscribeResource({ uri }, patient);
          subscribed += 1;
        } catch (error) {
          refused.push(String(error));
        }
      }
    }),
  );
  return { listings, subscribed, refused };
}

/** Asks the probe for the longest block since its last report; resolves with the report. */
async function eventLoopReport(server) {
  const seen = server.stderr.length;
  kill(server.pid, "SIGUSR2");
  for (;;) {
    const line = server.stderr.slice(seen).find((entry) => entry.startsWith("[event-loop] "));
    if (line !== undefined) return JSON.parse(line.slice("[event-loop] ".length));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `read` gives the same answer twice 200 ms apart, and answers it. */
async function settle(read) {
  let last = read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = read();
    if (now === last) return now;
    last = now;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
}

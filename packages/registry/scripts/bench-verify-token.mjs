// What checking a bearer token costs per request: the synchronous SQLite call
// `openspec-mcp --http` made before (verifyAccessToken on a Registry), the same
// file through the asynchronous interface every host awaits now, and, with a
// URL as the first argument, a PostgreSQL server. Rounds interleave, medians
// of rounds are printed. Run after `pnpm build`:
//   node scripts/bench-verify-token.mjs [postgres://…]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  connectRegistry,
  createAccessToken,
  openRegistry,
  verifyAccessToken,
} from "../dist/index.js";

const ROUNDS = 15;
const PER_ROUND = 2000;
const folder = mkdtempSync(join(tmpdir(), "bench-verify-"));
const file = join(folder, "registry.db");
const sync = openRegistry({ path: file, home: folder, env: {} });
if (!sync.ok) throw new Error(sync.error);
const secret = createAccessToken(sync.registry, { name: "bench" }).secret;
const shared = await connectRegistry({ path: file, home: folder, env: {} });
const url = process.argv[2];
const server = url ? await connectRegistry({ path: url, home: folder, env: {} }) : undefined;
if (server && !server.ok) throw new Error(server.error);
const serverSecret = server
  ? (await server.registry.createAccessToken({ name: `bench-${Date.now()}` })).secret
  : undefined;

const ways = {
  "SQLite, synchronous (before)": async () => verifyAccessToken(sync.registry, secret),
  "SQLite, awaited (now)": () => shared.registry.verifyAccessToken(secret),
  ...(server
    ? { "PostgreSQL, awaited": () => server.registry.verifyAccessToken(serverSecret) }
    : {}),
};
const samples = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, verify] of Object.entries(ways)) {
    const perRound = name.startsWith("PostgreSQL") ? PER_ROUND / 10 : PER_ROUND;
    const started = process.hrtime.bigint();
    for (let i = 0; i < perRound; i += 1) {
      const verified = await verify();
      if (!verified.ok) throw new Error(verified.error);
    }
    samples[name].push(Number(process.hrtime.bigint() - started) / 1000 / perRound);
  }
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`,
);
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `${name}: ${median(values).toFixed(1)} µs per token check (median of ${ROUNDS} rounds)`,
  );
}
sync.registry.close();
await shared.registry.close();
if (server) await server.registry.close();
rmSync(folder, { recursive: true, force: true });

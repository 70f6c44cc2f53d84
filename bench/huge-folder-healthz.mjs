// `/healthz` of the HTTP server while `openspec_list` and `openspec_status`
// read a repository with one change folder of 300,000 files: how long the
// event loop is held by a listing. Not part of `pnpm bench`; run by hand:
//   node bench/huge-folder-healthz.mjs [build root] [entries]
// The build root defaults to this workspace (built), so another checkout's
// build can be measured beside it with the same script.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { catalogHome } from "./catalog-home.mjs";
import { startHttpServerProcess } from "./http-server-process.mjs";

const root = resolve(process.argv[2] ?? join(import.meta.dirname, ".."));
const entries = Number(process.argv[3] ?? 300_000);
const { home, env } = await catalogHome();
const repo = join(tmpdir(), `huge-folder-${process.pid}`);
const big = join(repo, "openspec/changes/big");
mkdirSync(big, { recursive: true });
mkdirSync(join(repo, "openspec/specs/auth"), { recursive: true });
writeFileSync(
  join(repo, "openspec/specs/auth/spec.md"),
  "# Auth\n\n## Purpose\nSign in.\n\n## Requirements\n",
);
writeFileSync(join(big, "proposal.md"), "## Why\nBig.\n\n## What Changes\n- Many files\n");
writeFileSync(join(big, "tasks.md"), "## 1. Work\n- [ ] 1.1 Do it\n");
for (let i = 0; i < entries; i++) writeFileSync(join(big, `note-${i}.txt`), "");

const core = await import(join(root, "packages/core/dist/index.js"));
const catalog = core.createCatalog({ env });
const added = await catalog.call("openspec_source_add", { path: repo, name: "huge" });
catalog.close();
if (!added.ok) throw new Error(added.error);

const server = await startHttpServerProcess({ root, env });
const health = server.url.replace(/\/mcp$/, "/healthz");
const client = await server.connect();

async function whileProbing(label, call, times) {
  let probing = true;
  const latencies = [];
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(health).then((answer) => answer.text());
      latencies.push(performance.now() - started);
      await new Promise((done) => setTimeout(done, 10));
    }
  })();
  const callMs = [];
  let answer;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    answer = await call();
    callMs.push(performance.now() - started);
  }
  probing = false;
  await probe;
  latencies.sort((a, b) => a - b);
  const structured = answer.structuredContent ?? {};
  return {
    label,
    engine: structured.engine ?? null,
    ok: structured.ok ?? null,
    callMs: callMs.map(Math.round),
    healthz: {
      probes: latencies.length,
      maxMs: Math.round(latencies.at(-1) ?? 0),
      p50Ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    },
  };
}

try {
  const results = [
    await whileProbing(
      "openspec_list",
      () => client.callTool({ name: "openspec_list", arguments: { source: "huge" } }),
      5,
    ),
    await whileProbing(
      "openspec_status",
      () =>
        client.callTool({ name: "openspec_status", arguments: { source: "huge", change: "big" } }),
      5,
    ),
  ];
  console.log(
    JSON.stringify(
      { root, entries, loadavg: loadavg().map((l) => l.toFixed(1)), results },
      null,
      1,
    ),
  );
} finally {
  await server.disconnect(client);
  await server.stop();
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}

// `node scripts/bench-http-replicas.mjs`: the HTTP load benchmark (http-load) against one `openspec-mcp --http`
// and against two replicas behind nginx, in one run on this machine, all on
// one PostgreSQL registry (the test kit's throwaway cluster). Prints the
// figures; writes nothing of the docs. `--changes=1000`, `--sessions=50`,
// `--seconds=20`, `--revisions=2026-07-28,2025-11-25` narrow it. Run after
// `pnpm build`; needs PostgreSQL's server programs and nginx installed.
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateRepository } from "../bench/generate-repository.mjs";
import { benchHttpLoad, kindFigures } from "../bench/http-load.mjs";
import { startHttpReplicas } from "../bench/http-replicas-process.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const option = (name, fallback) =>
  argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const changes = Number(option("changes", "1000"));
const sessions = Number(option("sessions", "50"));
const seconds = Number(option("seconds", "20"));
const revisions = option("revisions", "2026-07-28,2025-11-25").split(",");

const { isolatedEnvironment, removeTemporaryFolders, startPostgresServer } = await import(
  join(root, "tooling/test-kit/dist/index.js")
);
const cliBin = join(
  dirname(dirname(createRequire(import.meta.url).resolve("@fission-ai/openspec"))),
  "bin",
  "openspec.js",
);
const { env } = isolatedEnvironment({ OPENSPEC_BIN: cliBin, OPENSPEC_TELEMETRY: "0" });
const postgres = startPostgresServer();
const repository = generateRepository({
  changes,
  archived: Math.floor(changes / 4),
  specs: Math.floor(changes / 2),
  requirements: 4,
});
const setups = [
  { label: "1 server", replicas: 1, proxy: false },
  { label: "2 replicas + nginx", replicas: 2, proxy: true },
];
const rows = [];
const loadBefore = loadavg();
try {
  for (const revision of revisions) {
    for (const setup of setups) {
      // A database per run: each registers the repository afresh.
      const registryUrl = postgres.createDatabase();
      const [row] = await benchHttpLoad({
        root,
        env,
        repository,
        changes,
        revision,
        levels: [sessions],
        seconds,
        maxCallsPerSession: 200,
        startServer: (options) =>
          startHttpReplicas({
            ...options,
            registryUrl,
            replicas: setup.replicas,
            proxy: setup.proxy,
          }),
      });
      rows.push({ setup: setup.label, ...row });
    }
  }
} finally {
  postgres.remove();
  rmSync(repository, { recursive: true, force: true });
  removeTemporaryFolders();
}
console.log(
  `http-load on ${changes} changes, ${sessions} sessions for ${seconds} s — node ${process.version}, ${cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(" ")} before, ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} after`,
);
console.table(
  rows.flatMap((row) =>
    kindFigures(row).map((figures) => ({ setup: row.setup, revision: row.revision, ...figures })),
  ),
);
for (const row of rows) {
  console.log(
    `${row.setup} (${row.revision}): ${row.calls} calls, ${row.callsPerSecond.toFixed(2)} calls/s, ${row.failed} failed, ${row.timedOut} timed out`,
  );
  for (const failure of row.failures) console.log(`  failure: ${failure}`);
}

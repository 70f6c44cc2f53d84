// Validates this repository's own OpenSpec specs and changes with the pinned CLI, strictly.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const require = createRequire(import.meta.url);
// The package exports only its library entry; the CLI sits two folders above it.
const openspecPackage = dirname(dirname(require.resolve("@fission-ai/openspec")));
const bin = join(openspecPackage, "bin", "openspec.js");
// The CLI keeps its own config under HOME; a throwaway home keeps the user's untouched.
const home = mkdtempSync(join(tmpdir(), "openspec-validate-"));
const run = spawnSync(
  process.execPath,
  [bin, "validate", "--all", "--strict", "--json", "--no-interactive"],
  {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_DATA_HOME: join(home, ".local", "share"),
      OPENSPEC_TELEMETRY: "0",
      NO_COLOR: "1",
    },
  },
);
rmSync(home, { recursive: true, force: true });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`openspec validate printed no JSON (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}
const failures = report.items.filter((item) => !item.valid);
for (const item of failures) {
  console.error(`invalid ${item.type} ${item.id}:`);
  for (const issue of item.issues)
    console.error(`  ${issue.level} ${issue.path}: ${issue.message}`);
}
const { items, passed, failed } = report.summary.totals;
console.log(`openspec validate --all --strict: ${items} items, ${passed} valid, ${failed} invalid`);
if (run.status !== 0 || failures.length > 0 || items === 0) process.exit(1);

// The root `pnpm test`: every package's build, typecheck, lint and tests, then
// the project's own specs, then one closing line that adds up every report.
// The summary prints whether or not a step failed; the exit code is the first failure's.
import { spawnSync } from "node:child_process";
import { removeTestReports } from "./test-reports.mjs";

const root = new URL("..", import.meta.url).pathname;
// A report left from an earlier run would be counted as if this run had made it.
removeTestReports(root);

const steps = [
  [
    "pnpm",
    ["exec", "turbo", "run", "build", "typecheck", "lint", "test", "--concurrency=2", "--continue"],
  ],
  ["node", ["scripts/validate-own-specs.mjs"]],
  ["node", ["scripts/test-summary.mjs"]],
];
let exitCode = 0;
for (const [command, args] of steps) {
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  const code = run.status ?? 1;
  if (code !== 0 && exitCode === 0) exitCode = code;
}
process.exit(exitCode);

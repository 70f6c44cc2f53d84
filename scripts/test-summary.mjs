// Adds up every package's test reports into the one closing line of `pnpm test`:
// "N passed, N failed, N skipped", followed by each step that failed (named by the root test command
// in OPENSPEC_AGENT_FAILED_STEPS, one a line), then each failed test's package, file and name with
// the first line of its error. A package without a report counts as a failure.
// Usage: node scripts/test-summary.mjs [repository root]
import { readFileSync } from "node:fs";
import { failuresIn } from "./test-failures.mjs";
import { reportsIn, testedPackages } from "./test-reports.mjs";

const root = process.argv[2] ?? new URL("..", import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const failures = [];
/** How many failures are named at the most; the count says how many more there are. */
const MOST_NAMED = 50;
for (const { name, dir } of testedPackages(root)) {
  const reports = reportsIn(dir);
  if (reports.length === 0) {
    missing.push(name);
    continue;
  }
  for (const report of reports) {
    // A run on another Node line (`.ci/run` on Node 24) names its report after the line.
    const line = /test-results\.(node-\d+)\.json$/.exec(report)?.[1];
    const result = JSON.parse(readFileSync(report, "utf8"));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
    const named = failuresIn(result, dir);
    for (const { file, name: test, message } of named) {
      failures.push({ package: name, file, name: test, message, line });
    }
    // A file that failed outside any test (its tests then count as skipped) is a failure too.
    failed += named.filter((failure) => failure.uncounted).length;
  }
}
if (missing.length > 0) process.exitCode = 1;
if (failed > 0 || passed === 0) process.exitCode = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
// Steps of `pnpm test` that failed (scripts/run-tests.mjs): a lint or typecheck failure leaves no
// test report, and a suite can fail outside its tests (an unhandled error), so each is named here.
const failedSteps = (process.env.OPENSPEC_AGENT_FAILED_STEPS ?? "").split("\n").filter(Boolean);
if (failedSteps.length > 0) process.exitCode = 1;
for (const step of failedSteps) console.log(`FAIL ${step}`);
for (const name of missing) {
  console.log(`FAIL ${name}: no test report (its build or tests did not run)`);
}
for (const failure of failures.slice(0, MOST_NAMED)) {
  const where = [failure.package, failure.file].filter(Boolean).join("/");
  const on = failure.line ? ` on ${failure.line}` : "";
  console.log(`FAIL ${where}${on}${failure.name ? ` > ${failure.name}` : ""}`);
  if (failure.message) console.log(`     ${failure.message}`);
}
if (failures.length > MOST_NAMED) {
  console.log(
    `(${failures.length - MOST_NAMED} more failures: see each package's test-results.json)`,
  );
}

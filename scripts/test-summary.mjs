// Adds up every package's test reports into the one closing line of `pnpm test`:
// "N passed, N failed, N skipped". A package without a report counts as a failure.
// Usage: node scripts/test-summary.mjs [repository root]
import { readFileSync } from "node:fs";
import { reportsIn, testedPackages } from "./test-reports.mjs";

const root = process.argv[2] ?? new URL("..", import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const { name, dir } of testedPackages(root)) {
  const reports = reportsIn(dir);
  if (reports.length === 0) {
    missing.push(name);
    continue;
  }
  for (const report of reports) {
    const result = JSON.parse(readFileSync(report, "utf8"));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  }
}
if (missing.length > 0) {
  console.error(`No test report from: ${missing.join(", ")} (their build or tests did not run)`);
  process.exitCode = 1;
}
if (failed > 0 || passed === 0) process.exitCode = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);

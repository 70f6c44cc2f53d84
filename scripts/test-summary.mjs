// Adds up every package's vitest JSON report into the one closing line of `pnpm test`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const group of ["packages", "apps"]) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name);
    if (!existsSync(join(dir, "package.json"))) continue;
    const report = join(dir, "test-results.json");
    if (!existsSync(report)) {
      missing.push(`${group}/${name}`);
      continue;
    }
    const result = JSON.parse(readFileSync(report, "utf8"));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    skipped += result.numPendingTests + result.numTodoTests;
  }
}
if (missing.length > 0) {
  console.error(`No test report from: ${missing.join(", ")}`);
  process.exitCode = 1;
}
if (failed > 0 || passed === 0) process.exitCode = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);

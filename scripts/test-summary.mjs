// Adds up every package's vitest JSON report into the one closing line of `pnpm test`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const group of ["packages", "apps", "tooling"]) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name);
    if (!existsSync(join(dir, "package.json"))) continue;
    if (!JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).scripts?.test) continue;
    // vitest writes test-results.json; other runners (Python's unittest) write test-results.<runner>.json.
    const reports = readdirSync(dir).filter((file) => /^test-results(\.[\w-]+)?\.json$/.test(file));
    if (reports.length === 0) {
      missing.push(`${group}/${name}`);
      continue;
    }
    for (const report of reports) {
      const result = JSON.parse(readFileSync(join(dir, report), "utf8"));
      passed += result.numPassedTests;
      failed += result.numFailedTests;
      skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
    }
  }
}
if (missing.length > 0) {
  console.error(`No test report from: ${missing.join(", ")}`);
  process.exitCode = 1;
}
if (failed > 0 || passed === 0) process.exitCode = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);

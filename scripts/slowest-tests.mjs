// Where the test time goes, read from the reports the last `pnpm test` left: each package's whole
// test task (.test-durations.json: what the two slots of `pnpm test` share, so their sum over two
// is the run's floor), then the slowest test files, each from its first test's start to its last
// test's end (a file's `beforeAll`, such as the contract suite's run through every host, counts
// only in its package's task). Run it after a whole `pnpm test`, before changing the schedule or
// a suite's setup for speed.
// Usage: node scripts/slowest-tests.mjs [how many files, 25] [repository root]
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { reportsIn, testedPackages } from "./test-reports.mjs";

const count = Number(process.argv[2] ?? 25);
const root = process.argv[3] ?? new URL("..", import.meta.url).pathname;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

const durationsFile = join(root, ".test-durations.json");
if (existsSync(durationsFile)) {
  const tasks = Object.entries(JSON.parse(readFileSync(durationsFile, "utf8"))).sort(
    ([, a], [, b]) => b - a,
  );
  const total = tasks.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`Each package's test task, ${seconds(total).trim()} in all:`);
  for (const [folder, ms] of tasks) console.log(`${seconds(ms)}  ${folder}`);
  console.log("");
}

const files = testedPackages(root).flatMap(({ name, dir }) =>
  reportsIn(dir).flatMap((report) =>
    (JSON.parse(readFileSync(report, "utf8")).testResults ?? []).map((file) => ({
      span: file.endTime - file.startTime,
      name: `${name} ${relative(dir, file.name)}`,
      tests: file.assertionResults?.length ?? 0,
      report: relative(dir, report),
    })),
  ),
);
files.sort((a, b) => b.span - a.span);
console.log(`The ${Math.min(count, files.length)} slowest test files of ${files.length}:`);
for (const file of files.slice(0, count)) {
  const other = file.report === "test-results.json" ? "" : `, ${file.report}`;
  console.log(`${seconds(file.span)}  ${file.name} (${file.tests} tests${other})`);
}

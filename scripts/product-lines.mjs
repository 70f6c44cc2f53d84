// Lines of product code: the source files under packages/*/src and apps/*/src,
// without tests (`*.test.*`), `test-support/` and `__tests__/` folders, per
// package and in all, at HEAD or at a commit given (`--at <ref>`), read from git
// so that build output and untracked files never count.
//
// Usage: node scripts/product-lines.mjs [--at <ref>]
import { spawnSync } from "node:child_process";

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|py)$/;
const NOT_PRODUCT = /\.test\.|\/test-support\/|\/__tests__\//;

const at = process.argv.includes("--at") ? process.argv[process.argv.indexOf("--at") + 1] : "HEAD";
const run = spawnSync(
  "git",
  ["grep", "--count", "-e", "", at, "--", "packages/*/src/*", "apps/*/src/*"],
  { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
if (run.status !== 0) {
  console.error(`product-lines: git grep failed: ${run.stderr.trim()}`);
  process.exit(1);
}

const perPackage = new Map();
let lines = 0;
let files = 0;
for (const row of run.stdout.split("\n")) {
  // `<ref>:<path>:<count>`
  const match = /^[^:]+:((?:packages|apps)\/[^/]+)\/(.+):(\d+)$/.exec(row);
  if (match === null) continue;
  const [, folder, rest, count] = match;
  const path = `${folder}/${rest}`;
  if (!SOURCE.test(path) || NOT_PRODUCT.test(path)) continue;
  perPackage.set(folder, (perPackage.get(folder) ?? 0) + Number(count));
  lines += Number(count);
  files += 1;
}

for (const [folder, count] of [...perPackage].sort((a, b) => b[1] - a[1])) {
  console.log(`${String(count).padStart(7)}  ${folder}`);
}
console.log(`${String(lines).padStart(7)}  in ${files} files at ${at}`);

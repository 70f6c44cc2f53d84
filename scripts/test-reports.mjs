// Where each package's test reports live: vitest writes test-results.json,
// other runners (Python's unittest) test-results.<runner>.json.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const REPORT = /^test-results(\.[\w-]+)?\.json$/;

/** Every workspace package that has a test script, as `{ name, dir }`. */
export function testedPackages(root) {
  const found = [];
  for (const group of ["packages", "apps", "tooling"]) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir)) {
      const dir = join(groupDir, name);
      const manifest = join(dir, "package.json");
      if (!existsSync(manifest)) continue;
      if (!JSON.parse(readFileSync(manifest, "utf8")).scripts?.test) continue;
      found.push({ name: `${group}/${name}`, dir });
    }
  }
  return found;
}

/** The report files of one package folder. */
export function reportsIn(dir) {
  return readdirSync(dir)
    .filter((file) => REPORT.test(file))
    .map((file) => join(dir, file));
}

export function removeTestReports(root) {
  for (const { dir } of testedPackages(root)) {
    for (const report of reportsIn(dir)) rmSync(report, { force: true });
  }
}

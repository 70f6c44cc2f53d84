// `pnpm generate-docs`: rewrites the parts of the READMEs generated from the tool
// catalog (`@org/openspec-core`, built), between `<!-- name:start -->` and
// `<!-- name:end -->`: `tools` (the tool table), `toolsets` (the toolsets
// and which are the default), `results` (each tool's result fields, from its
// output schema) and `commands` (the shell CLI's command reference), and from
// docs/benchmarks.json (written by `pnpm bench`) `benchmarks` (the benchmark
// page's figures) and `benchmark-summary` (the README's). `--check` changes nothing and
// exits 1 when a section is out of date; `--root=<dir>` reads the READMEs
// of another checkout (the catalog is always this one's).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  BENCHMARKS_DATA,
  readBenchmarkData,
  renderBenchmarkPage,
  renderBenchmarkSummary,
} from "./docs/benchmark-page.mjs";
import { firstSentence } from "./docs/markdown-cells.mjs";
import { markdownDocuments } from "./docs/markdown-documents.mjs";
import {
  findSections,
  MEASURED_NOTE,
  rewriteSections,
  sectionBody,
} from "./docs/marked-sections.mjs";
import { renderResultFields } from "./docs/result-fields.mjs";
import { renderToolTable } from "./docs/tool-table.mjs";
import { renderToolsetTable } from "./docs/toolset-table.mjs";

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const check = argv.includes("--check");
const rootArg = argv.find((arg) => arg.startsWith("--root="));
const root = rootArg ? rootArg.slice("--root=".length) : here;

const CORE_README = "packages/core/README.md";
/** Sections the repository must keep, so deleting the markers cannot switch a check off. */
const REQUIRED = [
  { file: "README.md", name: "tools" },
  { file: CORE_README, name: "results" },
  { file: "apps/cli/README.md", name: "commands" },
  { file: "README.md", name: "toolsets" },
  { file: "apps/mcp-server/README.md", name: "toolsets" },
  { file: "README.md", name: "benchmark-summary" },
  { file: "docs/benchmarks.md", name: "benchmarks" },
];
const MEASURED = new Set(["benchmarks", "benchmark-summary"]);

const coreEntry = join(here, "packages/core/dist/index.js");
if (!existsSync(coreEntry)) {
  console.error(
    "packages/core is not built: run pnpm generate-docs (it builds first) or turbo run build.",
  );
  process.exit(1);
}
const { defaultToolsetNames, toolCatalog, toolOutputJsonSchema, toolsets } = await import(
  pathToFileURL(coreEntry).href
);
const cliEntry = join(here, "apps/cli/dist/index.js");
if (!existsSync(cliEntry)) {
  console.error(
    "apps/cli is not built: run pnpm generate-docs (it builds first) or turbo run build.",
  );
  process.exit(1);
}
const { commandReference } = await import(pathToFileURL(cliEntry).href);

const results = renderResultFields(toolCatalog, toolOutputJsonSchema);
const benchmarks = readBenchmarkData(join(root, BENCHMARKS_DATA));

function generated(name, file) {
  if (name === "results") return results;
  if (name === "commands") return commandReference(toolCatalog);
  if (name === "toolsets") return renderToolsetTable(toolsets, defaultToolsetNames);
  if (name === "benchmarks") return renderBenchmarkPage(benchmarks);
  if (name === "benchmark-summary") return renderBenchmarkSummary(benchmarks);
  if (name === "tools") {
    const toCore = relative(dirname(file), CORE_README);
    return renderToolTable(toolCatalog, {
      firstSentence,
      resultsLink: (tool) => `${file === CORE_README ? "" : toCore}#${tool}`,
    });
  }
  return null;
}

const problems = [];
const stale = [];
const found = new Set();
for (const file of markdownDocuments(root)) {
  const text = readFileSync(join(root, file), "utf8");
  const { sections, problems: markerProblems } = findSections(text);
  for (const problem of markerProblems) problems.push(`${file}: the generated section ${problem}.`);
  const known = sections.filter((section) => {
    if (generated(section.name, file) !== null) return true;
    problems.push(
      `${file}: "${section.name}" is not a section pnpm generate-docs generates (tools, toolsets, results, commands, benchmarks, benchmark-summary).`,
    );
    return false;
  });
  for (const section of known) found.add(`${file}#${section.name}`);
  const rewritten = rewriteSections(text, known, (name) =>
    sectionBody(generated(name, file), MEASURED.has(name) ? MEASURED_NOTE : undefined),
  );
  if (rewritten === text) continue;
  stale.push(file);
  if (!check) writeFileSync(join(root, file), rewritten);
}
for (const { file, name } of REQUIRED) {
  if (!found.has(`${file}#${name}`)) {
    problems.push(
      `${file}: the generated "${name}" section is missing; put <!-- ${name}:start --> and <!-- ${name}:end --> where it belongs.`,
    );
  }
}

for (const problem of problems) console.error(problem);
if (check) {
  for (const file of stale) {
    console.error(
      `${file}: generated sections are out of date with the tool catalog or docs/benchmarks.json.`,
    );
  }
  if (stale.length > 0) console.error("Run pnpm generate-docs to rewrite them.");
} else {
  for (const file of stale) console.log(`rewrote ${file}`);
  if (stale.length === 0 && problems.length === 0) console.log("generated sections are up to date");
}
process.exit(problems.length > 0 || (check && stale.length > 0) ? 1 : 0);

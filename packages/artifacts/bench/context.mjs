// context-speed and context-size of `pnpm bench`, run beside the package because the cold figures
// empty its caches (`forgetCaches`), which are no part of its public API:
// `resolveContext` on a large repository against a bare directory scan of it,
// cold and warm, with 19 more sources registered for the bare-token lookup.
// Prints `{ "results": [...] }` as JSON. Build first (`pnpm build`).
//   node bench/context.mjs [--smoke] [--repository=<folder>]
// Without --repository it generates the large repository (a small one with --smoke).
import { rmSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { benchContext } from "../../../bench/context.mjs";
import { generateRepository, LARGE_REPOSITORY } from "../../../bench/generate-repository.mjs";
import { forgetCaches } from "../dist/cache/bounded-cache.js";
import { resolveContext } from "../dist/index.js";

const argv = process.argv.slice(2);
const smoke = argv.includes("--smoke");
const repositoryArg = argv.find((arg) => arg.startsWith("--repository="));
// A token passed alone is looked up in every source: the large repository and
// this many smaller ones, about as many artifacts together as the big one.
const OTHER_SOURCES = 19;
const otherShape = smoke
  ? { changes: 4, archived: 1, specs: 2, requirements: 1 }
  : { changes: 100, archived: 25, specs: 50, requirements: 2 };
const bigShape = smoke
  ? { changes: 20, archived: 5, specs: 10, requirements: 4 }
  : LARGE_REPOSITORY;

const generated = [];
const big = repositoryArg
  ? repositoryArg.slice("--repository=".length)
  : generated[generated.push(generateRepository(bigShape)) - 1];
const sources = [{ name: "big", path: big }];
try {
  for (let i = 1; i <= OTHER_SOURCES; i += 1) {
    const other = generateRepository(otherShape);
    generated.push(other);
    sources.push({ name: `other-${i}`, path: other });
  }
  // Files written in the last timestamp tick are never trusted from cache; let them settle.
  await delay(200);
  // What the catalog's openspec_context hands resolveContext, from a registry of these sources.
  const resolveSource = (name) => {
    const known = sources.find((source) => source.name === name);
    return known
      ? { ok: true, ...known }
      : { ok: false, code: "source_not_found", error: `No source is named ${name}.` };
  };
  const results = await benchContext({
    iterations: smoke ? 1 : 31,
    root: big,
    source: "big",
    context: (identifier) =>
      resolveContext(identifier, resolveSource, {}, { everySource: () => sources }),
    forgetCaches,
    registeredSources: sources.length,
  });
  process.stdout.write(`${JSON.stringify({ results })}\n`);
} finally {
  for (const folder of generated) rmSync(folder, { recursive: true, force: true });
}

// Figures for "one run per question" (packages/core, create-shared-cli-runs):
// what the stat fingerprint walk of a repository costs against the CLI run it
// saves, and what identical validate calls at once cost. Run alone, after a build:
//   node bench/shared-cli-answers.mjs [changes=10000] [callers=35]
// It is not part of `pnpm bench`: one whole-repository CLI run of 10,000
// changes takes tens of seconds.
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { catalogHome } from "./catalog-home.mjs";
import { generateRepository } from "./generate-repository.mjs";
import { summarize } from "./measure.mjs";

const [changes = 10_000, callers = 35] = process.argv.slice(2).map(Number);
const core = await import("../packages/core/dist/index.js");
const { fingerprintFolders } = await import("../packages/core/dist/fingerprint-folders.js");

const root = generateRepository({ changes, archived: changes / 10, specs: 1000, requirements: 4 });
const { home, env } = await catalogHome();
const timed = async (run) => {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
};
const ms = (value) => Math.round(value);

try {
  await new Promise((resolve) => setTimeout(resolve, 200)); // Past the files' timestamp tick.
  const walks = [];
  let entries = 0;
  for (let i = 0; i < 5; i += 1) {
    const walk = await timed(() => fingerprintFolders(join(root, "openspec"), []));
    walks.push(walk.ms);
    entries = walk.result?.entries ?? 0;
  }
  const catalog = core.createCatalog({ env, home });
  const first = await timed(() => catalog.call("openspec_list", { workdir: root }));
  const again = await timed(() => catalog.call("openspec_list", { workdir: root }));
  catalog.close();

  const crowd = core.createCatalog({ env, home });
  const burst = await Promise.all(
    Array.from({ length: callers }, () =>
      timed(() => crowd.call("openspec_validate", { workdir: root, scope: "all" })),
    ),
  );
  crowd.close();
  const walk = summarize(walks);
  console.log(
    JSON.stringify(
      {
        changes,
        fingerprint: { entries, median_ms: ms(walk.median), min_ms: ms(Math.min(...walks)) },
        list: {
          run_ms: ms(first.ms),
          cached_ms: ms(again.ms),
          cached: again.result.cached === true,
        },
        [`${callers}_identical_validate_calls`]: {
          slowest_ms: ms(Math.max(...burst.map((call) => call.ms))),
          all_ok_or_validated: burst.every(
            (call) => call.result.ok || call.result.code === "validation_failed",
          ),
        },
        load_average: loadavg().map((load) => Number(load.toFixed(2))),
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}

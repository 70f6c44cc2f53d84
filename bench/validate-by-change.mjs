// validate-after-write: `openspec_validate` of everything through the core catalog right after
// one change's tasks.md was written, against a raw `openspec validate --all
// --strict --json` of the same repository (1,000 changes). The catalog keeps
// its last report and validates only the written change (packages/core,
// validate-change-by-change.ts). Each candidate call follows a write of the
// same change's tasks (past the file's timestamp tick, outside the timing);
// the answer must equal a raw run's report apart from the items' timings, or
// the figure is not valid.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { promisify } from "node:util";
import { measureRatio } from "./measure.mjs";
import { ratioResult } from "./result.mjs";

const run = promisify(execFile);
const WHOLE = ["validate", "--all", "--strict", "--json", "--no-interactive"];

export async function benchValidateByChange({ core, env, bin, repository, iterations }) {
  const catalog = core.createCatalog({ env });
  const rawValidate = () =>
    run(process.execPath, [bin, ...WHOLE], { cwd: repository.root, env, maxBuffer: 256 << 20 })
      // Invalid items make the CLI exit 1; its report is what counts.
      .catch((error) => error);
  const validateAll = () =>
    catalog.call("openspec_validate", { workdir: repository.root, scope: "all", limit: 1000 });
  const written = join(repository.root, "openspec/changes", repository.firstChange, "tasks.md");
  let ticks = 0;
  const writeTasks = async () => {
    ticks += 1;
    writeFileSync(written, `## 1. Work\n- [${ticks % 2 === 0 ? "x" : " "}] 1.1 Do it\n`);
    await delay(150); // Past the file's timestamp tick, so its stat digest can be kept.
  };
  try {
    await validateAll(); // The report the later calls bring up to date.
    const measured = await measureRatio({
      baseline: rawValidate,
      candidate: validateAll,
      iterations,
      settle: writeTasks,
    });
    const same = await sameReport(validateAll, rawValidate);
    return [
      ratioResult({
        id: "validate-after-write",
        title: `openspec_validate of everything after one change was written / raw \`openspec validate --all\`, ${repository.changes} changes`,
        measured,
        atMost: 0.3,
        valid: same,
        details: {
          same_report: same,
          catalogMs: measured.candidateMs,
          cliMs: measured.baselineMs,
        },
      }),
    ];
  } finally {
    catalog.close();
  }
}

/** Whether the catalog's report (its first page of up to 1,000 items) is the raw run's, timings aside. */
async function sameReport(validateAll, rawValidate) {
  const answer = await validateAll();
  const raw = JSON.parse((await rawValidate()).stdout);
  const ours = answer.stdout;
  const strip = (items) => items.map(({ durationMs: _durationMs, ...item }) => item);
  return (
    JSON.stringify(ours.summary) === JSON.stringify(raw.summary) &&
    JSON.stringify(strip(ours.items)) ===
      JSON.stringify(strip(raw.items.slice(0, ours.items.length)))
  );
}

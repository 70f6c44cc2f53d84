// native-list and native-list-floor: `openspec_list` answered from the files
// (engine "native") through the core catalog, against a raw `openspec list
// --json` on the 1,000-change repository and against the floor
// (`list-floor.mjs`: readdir, stat and counting tasks.md, done directly) on the
// 10,000-change one. Ratios of pairs run alternately in the same run; a listing
// that is not byte for byte the CLI's (checked at both sizes), or not answered
// natively, fails its target.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { listFloor } from "./list-floor.mjs";
import { measureRatio } from "./measure.mjs";
import { ratioResult } from "./result.mjs";

const run = promisify(execFile);

export async function benchNativeList({
  core,
  artifacts,
  env,
  bin,
  thousand,
  tenThousand,
  iterations,
}) {
  const catalog = core.createCatalog({ env });
  const rawList = (workdir) => () =>
    run(process.execPath, [bin, "list", "--json"], { cwd: workdir, env, maxBuffer: 256 << 20 });
  const nativeList = (workdir) => async () => {
    const answer = await catalog.call("openspec_list", { workdir });
    if (answer.ok !== true || answer.engine !== "native") {
      throw new Error(
        `openspec_list did not answer natively: ${JSON.stringify(answer).slice(0, 300)}`,
      );
    }
  };
  try {
    const identical = await sameBytes(artifacts, env, bin, thousand.root);
    const identicalAtTenThousand = await sameBytes(artifacts, env, bin, tenThousand.root);
    const againstCli = await measureRatio({
      baseline: rawList(thousand.root),
      candidate: nativeList(thousand.root),
      iterations,
    });
    const againstFloor = await measureRatio({
      baseline: async () => listFloor(tenThousand.root),
      candidate: nativeList(tenThousand.root),
      iterations,
    });
    return [
      ratioResult({
        id: "native-list",
        title: `openspec_list (native) / raw \`openspec list --json\`, ${thousand.changes} changes`,
        measured: againstCli,
        atMost: 0.1,
        valid: identical,
        details: {
          identical,
          nativeMs: againstCli.candidateMs,
          cliMs: againstCli.baselineMs,
        },
      }),
      ratioResult({
        id: "native-list-floor",
        title: `openspec_list (native) / floor (readdir, stat, count tasks.md), ${tenThousand.changes} changes`,
        measured: againstFloor,
        atMost: 2,
        valid: identicalAtTenThousand,
        details: {
          identical: identicalAtTenThousand,
          nativeMs: againstFloor.candidateMs,
          floorMs: againstFloor.baselineMs,
        },
      }),
    ];
  } finally {
    catalog.close();
  }
}

/** Whether the reader's bytes equal the CLI's stdout for the repository. */
async function sameBytes(artifacts, env, bin, root) {
  const { stdout } = await run(process.execPath, [bin, "list", "--json"], {
    cwd: root,
    env,
    maxBuffer: 256 << 20,
  });
  const opened = artifacts.openRepository(root, { searchUpward: false });
  if (!opened.ok) return false;
  const listing = await artifacts.listLikeCli(opened.repository, { kind: "changes", env });
  return !("needsCli" in listing) && artifacts.cliListingText(listing) === stdout;
}

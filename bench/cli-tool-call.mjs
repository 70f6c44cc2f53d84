import { measureRatio } from "./measure.mjs";
import { ratioResult } from "./result.mjs";
import { spawnRawList } from "./run-process.mjs";

/**
 * warm-cli-call: a CLI-backed tool call served by a warm worker, against a raw spawn of
 * the same command (`node bin/openspec.js list --json`). Before each timed
 * call the pool gets time to have a worker warm again (`warm`), as an agent's
 * thinking time between calls would give it.
 *
 * @param {{ iterations: number, bin: string, workdir: string, env: Record<string, string>,
 *   pooledCall: () => Promise<unknown>, warm: () => Promise<unknown>, through?: string,
 *   id?: string, title?: string }} options
 */
export function benchPooledToolCall({ pooledCall, warm, through, id, title, ...run }) {
  return benchAgainstRawList({
    ...run,
    id: id ?? "warm-cli-call",
    title: title ?? "CLI tool call on a warm worker / raw openspec spawn",
    target: 0.2,
    call: pooledCall,
    settle: warm,
    through: through ?? "runOpenSpec with a pool",
  });
}

/**
 * cold-cli-call: a CLI-backed tool call that spawns the CLI (no pool), against a raw
 * spawn of the same command: what the tool adds around the process.
 *
 * @param {{ iterations: number, bin: string, workdir: string, env: Record<string, string>,
 *   coldCall: () => Promise<unknown>, settle?: () => unknown, through?: string }} options
 *   `settle` runs before each timed call, outside the timing.
 */
export function benchColdToolCall({ coldCall, settle, through, ...run }) {
  return benchAgainstRawList({
    ...run,
    id: "cold-cli-call",
    title: "CLI tool call, cold spawn / raw openspec spawn",
    target: 1.05,
    call: coldCall,
    settle: settle ?? (async () => {}),
    through: through ?? "runOpenSpec without a pool",
  });
}

async function benchAgainstRawList({
  id,
  title,
  target,
  iterations,
  bin,
  workdir,
  env,
  call,
  settle,
  through,
}) {
  const measured = await measureRatio({
    iterations,
    settle,
    baseline: () => spawnRawList({ bin, workdir, env }),
    candidate: call,
  });
  return ratioResult({
    id,
    title,
    measured,
    atMost: target,
    details: {
      through,
      rawSpawnMs: measured.baselineMs.median,
      toolCallMs: measured.candidateMs.median,
    },
  });
}

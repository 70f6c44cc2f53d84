import { summarize } from "./measure.mjs";
import { benchResult } from "./result.mjs";
import { spawnRawList } from "./run-process.mjs";

/** The value below which `share` of the sorted values lie (linear interpolation). */
function quantile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * share;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

async function timed(run) {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

function expectOk(result, what) {
  if (result?.ok !== true) throw new Error(`${what} failed: ${JSON.stringify(result)}`);
}

/**
 * cli-call-bursts: bursts of `burst` CLI-backed tool calls back to back, with no pause
 * for the pool to refill, against a raw spawn of the same command (`node
 * bin/openspec.js list --json`). Before each burst the pool gets time to warm
 * (`settle`, untimed); raw spawns run between bursts, so load that drifts hits
 * both. The figure is the p90 of all calls over the median raw spawn.
 *
 * @param {{ bursts: number, burst?: number, bin: string, workdir: string,
 *   env: Record<string, string>, call: () => Promise<any>, settle: () => Promise<unknown>,
 *   through?: string }} options
 */
export async function benchBurst({ bursts, burst = 10, bin, workdir, env, call, settle, through }) {
  const raw = [];
  const calls = [];
  // One of each first, so neither side pays for a cold disk cache.
  await spawnRawList({ bin, workdir, env });
  await settle();
  expectOk(await call(), "a tool call of a burst");
  for (let round = 0; round < bursts; round += 1) {
    raw.push((await timed(() => spawnRawList({ bin, workdir, env }))).ms);
    await settle();
    for (let i = 0; i < burst; i += 1) {
      const { ms, result } = await timed(call);
      expectOk(result, "a tool call of a burst");
      calls.push(ms);
    }
    raw.push((await timed(() => spawnRawList({ bin, workdir, env }))).ms);
  }
  const rawMedian = summarize(raw).median;
  const spread = summarize(calls);
  const p90 = quantile(calls, 0.9);
  return benchResult({
    id: "cli-call-bursts",
    title: `${burst} CLI tool calls back to back: p90 / raw openspec spawn`,
    unit: "ratio",
    value: p90 / rawMedian,
    spread: {
      p25: spread.p25 / rawMedian,
      p75: spread.p75 / rawMedian,
      min: spread.min / rawMedian,
      max: spread.max / rawMedian,
      n: spread.n,
    },
    target: { at: "most", value: 0.3 },
    details: {
      through,
      rawSpawnMs: rawMedian,
      callMedianMs: spread.median,
      callP90Ms: p90,
      callMaxMs: spread.max,
      medianRatio: spread.median / rawMedian,
    },
  });
}

/**
 * concurrent-cli-calls: `concurrent` CLI-backed tool calls started at once, as an agent that
 * fans out would, against one raw spawn. The figure is the slowest call over
 * the median raw spawn; details give the fastest and the median call and the
 * wall time of each round.
 *
 * @param {{ rounds: number, concurrent?: number, bin: string, workdir: string,
 *   env: Record<string, string>, call: () => Promise<any>, settle: () => Promise<unknown>,
 *   through?: string }} options
 */
export async function benchConcurrent({
  rounds,
  concurrent = 20,
  bin,
  workdir,
  env,
  call,
  settle,
  through,
}) {
  const raw = [];
  const slowest = [];
  const fastest = [];
  const all = [];
  await spawnRawList({ bin, workdir, env });
  for (let round = 0; round < rounds; round += 1) {
    raw.push((await timed(() => spawnRawList({ bin, workdir, env }))).ms);
    await settle();
    const calls = await Promise.all(Array.from({ length: concurrent }, () => timed(call)));
    for (const { result } of calls) expectOk(result, "a concurrent tool call");
    const times = calls.map(({ ms }) => ms);
    slowest.push(Math.max(...times));
    fastest.push(Math.min(...times));
    all.push(...times);
    raw.push((await timed(() => spawnRawList({ bin, workdir, env }))).ms);
  }
  const rawMedian = summarize(raw).median;
  const ratios = summarize(slowest.map((ms) => ms / rawMedian));
  return benchResult({
    id: "concurrent-cli-calls",
    title: `${concurrent} concurrent CLI tool calls: slowest / raw openspec spawn`,
    unit: "ratio",
    value: ratios.median,
    spread: { p25: ratios.p25, p75: ratios.p75, min: ratios.min, max: ratios.max, n: ratios.n },
    target: { at: "most", value: 2 },
    details: {
      through,
      rawSpawnMs: rawMedian,
      slowestMs: summarize(slowest).median,
      fastestMs: summarize(fastest).median,
      callMedianMs: summarize(all).median,
    },
  });
}

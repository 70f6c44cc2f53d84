/** Median, quartiles and range of a list of numbers. */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => {
    if (sorted.length === 0) return Number.NaN;
    const position = (sorted.length - 1) * q;
    const low = Math.floor(position);
    const high = Math.ceil(position);
    return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
  };
  return {
    n: sorted.length,
    median: at(0.5),
    p25: at(0.25),
    p75: at(0.75),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

async function timed(run) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Runs `baseline` and `candidate` alternately on the same inputs and returns
 * the candidate/baseline ratio of each pair, so load that drifts during the
 * run (the machine is shared) hits both sides alike. `settle` runs before each
 * timed call and is not timed (e.g. waiting for a warm worker).
 */
export async function measureRatio({
  baseline,
  candidate,
  iterations,
  warmup = 1,
  settle = async () => {},
}) {
  for (let i = 0; i < warmup; i += 1) {
    await settle();
    await baseline();
    await settle();
    await candidate();
  }
  const baselineMs = [];
  const candidateMs = [];
  const ratios = [];
  for (let i = 0; i < iterations; i += 1) {
    // Alternate which side goes first, so neither always runs on a warmer cache.
    const order = i % 2 === 0 ? ["baseline", "candidate"] : ["candidate", "baseline"];
    const took = {};
    for (const side of order) {
      await settle();
      took[side] = await timed(side === "baseline" ? baseline : candidate);
    }
    baselineMs.push(took.baseline);
    candidateMs.push(took.candidate);
    ratios.push(took.candidate / took.baseline);
  }
  return {
    ratio: summarize(ratios),
    baselineMs: summarize(baselineMs),
    candidateMs: summarize(candidateMs),
    pairs: baselineMs.map((baseline, i) => ({ baseline, candidate: candidateMs[i] })),
  };
}

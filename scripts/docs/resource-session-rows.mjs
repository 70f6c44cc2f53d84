/**
 * resource-sessions' figures as `[label, value]` rows, written once for both places that
 * show them: `pnpm bench` prints them as a console table, and the benchmark
 * page (docs/benchmarks.md) as a Markdown table. The console also gives
 * /healthz at rest beside the figures under load (`atRest`).
 */
export function resourceSessionRows(figures, { atRest = false } = {}) {
  const rest = atRest ? ` (${figures.healthzAtRestMs.toFixed(0)} ms at rest)` : "";
  return [
    ["server RSS with the sessions open", `${figures.rssWithSessionsMb.toFixed(0)} MB`],
    [
      "its peak while they list and subscribe",
      `${figures.peakRssMb.toFixed(0)} MB (+${figures.growthMb.toFixed(0)} MB)`,
    ],
    [
      "longest event-loop block",
      `${figures.eventLoopMaxMs.toFixed(0)} ms (one session alone: ${figures.alone.eventLoopMaxMs.toFixed(0)} ms)`,
    ],
    [
      "/healthz while they list",
      `median ${figures.healthzDuringListings.medianMs.toFixed(0)} ms, max ${figures.healthzDuringListings.maxMs.toFixed(0)} ms${rest}`,
    ],
    [
      "inotify watches",
      `${figures.watchesWithSessions} with the sessions, ${figures.watchesAfterClose} after they closed`,
    ],
  ];
}

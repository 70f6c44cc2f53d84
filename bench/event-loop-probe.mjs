// Loaded into a server with `node --import`: on SIGUSR2 it writes the longest
// the event loop was held since the last report (Node's own
// monitorEventLoopDelay) to stderr as one `[event-loop] {...}` line, then
// starts counting afresh. The server itself is not changed.
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on("SIGUSR2", () => {
  const report = {
    maxMs: histogram.max / 1e6,
    p99Ms: histogram.percentile(99) / 1e6,
    meanMs: histogram.mean / 1e6,
  };
  process.stderr.write(`[event-loop] ${JSON.stringify(report)}\n`);
  histogram.reset();
});

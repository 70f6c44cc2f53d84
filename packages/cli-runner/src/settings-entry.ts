// `@org/openspec-cli-runner/settings`: the bounds of the runner's settings and
// the run limiter, without the runner itself (spawning, the warm pool,
// child_process), so a catalog checks its settings and a command
// that never runs the CLI never loads them.
export {
  createRunLimiter,
  defaultCliConcurrency,
  MAX_CLI_CONCURRENCY,
  type RunLane,
  type RunLimiter,
  type RunLimiterStats,
  type RunTurnOptions,
} from "./create-run-limiter.js";
export {
  findSettingProblem,
  MAX_TIMER_MS,
  SETTING_BOUNDS,
  type SettingBounds,
} from "./setting-bounds.js";

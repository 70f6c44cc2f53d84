// `@org/openspec-cli-runner/startup`: what a host needs before its first CLI
// run, without the runner itself (spawning, the warm pool, child_process): the
// bounds of the runner's settings, the run limiter, the OpenSpec CLI installed
// with the package, and ending the host's CLI runs on the signals that end the
// host. A catalog checks its settings and a command that never runs the CLI
// never loads the runner.
export {
  createRunLimiter,
  defaultCliConcurrency,
  MAX_CLI_CONCURRENCY,
  type RunLane,
  type RunLimiter,
  type RunLimiterStats,
  type RunTurnOptions,
} from "./create-run-limiter.js";
export { exitOnHostSignals, HOST_SIGNALS, type HostSignal } from "./exit-on-host-signals.js";
export { findBundledOpenSpec } from "./find-bundled-openspec.js";
export {
  findSettingProblem,
  MAX_TIMER_MS,
  SETTING_BOUNDS,
  type SettingBounds,
} from "./setting-bounds.js";

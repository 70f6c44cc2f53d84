export { createDashboard, type Dashboard, type DashboardOptions } from "./create-dashboard.js";
export { DashboardListenError } from "./dashboard-listen-error.js";
export { allowedHostsFor, isLoopback } from "./guard-requests.js";
export { escapeHtml } from "./html.js";
export { type Column, columnOf } from "./load-board.js";
export {
  DEFAULT_RENDER_TIME_LIMIT_MS,
  defaultRenderWorkers,
  LARGE_TEXT_CHARS,
  MarkdownRenderer,
  type MarkdownRendererStats,
} from "./markdown-renderer.js";
export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  parsePort,
  parseServeArguments,
  type ServeArguments,
} from "./parse-serve-arguments.js";
export { reachableHosts } from "./reachable-hosts.js";
export { type ServeOptions, serveUntilSignal } from "./serve-until-signal.js";
export {
  type RunningDashboard,
  type StartDashboardOptions,
  startDashboard,
} from "./start-dashboard.js";

export type { HostAnswer, HostName, HostOptions, HostUnderTest } from "./host-under-test.js";
export { CLI_BIN, openCliHost } from "./open-cli-host.js";
export { openCliHostInProcess } from "./open-cli-host-in-process.js";
export { openHermesHost, PYTHON } from "./open-hermes-host.js";
export { openHttpHost } from "./open-http-host.js";
export { openHttpHost2026 } from "./open-http-host-2026.js";
export { openLibraryHost } from "./open-library-host.js";
export { MCP_BIN, openMcpHost } from "./open-mcp-host.js";
export { openMcpHost2026 } from "./open-mcp-host-2026.js";
export { type ProcessRun, runProcess } from "./run-process.js";
export {
  type HttpServerOptions,
  type SpawnedHttpServer,
  spawnHttpServer,
} from "./spawn-http-server.js";

export { DEFAULT_CLIENT_LOG_LEVEL, type ServerLog } from "./client-log.js";
export {
  type CatalogSource,
  type CreateServerOptions,
  createServer,
  type OpenSpecMcpServer,
} from "./create-server.js";
export {
  type McpClientName,
  type McpConfigOptions,
  mcpConfigSnippet,
} from "./mcp-config-snippet.js";
export { type StdioServerOptions, startStdioServer } from "./start-stdio-server.js";
export { writeLog } from "./write-log.js";

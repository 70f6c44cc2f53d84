export { chooseOutputSchemas } from "./choose-output-schemas.js";
export { chooseToolsets } from "./choose-toolsets.js";
export { DEFAULT_CLIENT_LOG_LEVEL, type ServerLog } from "./client-log.js";
export {
  type CatalogSource,
  type CreateServerOptions,
  createServer,
  type OpenSpecMcpServer,
} from "./create-server.js";
export {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_SESSIONS_PER_TOKEN,
  type HttpServerOptions,
  isLoopbackHost,
} from "./http-options.js";
export { accessTokenCommands, type TokenStoreOptions } from "./manage-access-tokens.js";
export {
  type McpClientName,
  type McpConfigOptions,
  mcpConfigSnippet,
} from "./mcp-config-snippet.js";
export { TOOLSETS_TOOL, type ToolOffer } from "./offer-toolsets.js";
export { type HttpProcessOptions, runHttpServer } from "./run-http-server.js";
export {
  type HttpServerHandle,
  type HttpServerStart,
  startHttpServer,
} from "./start-http-server.js";
export { type StdioServerOptions, startStdioServer } from "./start-stdio-server.js";
export {
  createSubscriptionBudget,
  DEFAULT_SUBSCRIPTIONS_IN_TOTAL,
  DEFAULT_SUBSCRIPTIONS_PER_SESSION,
  DEFAULT_SUBSCRIPTIONS_PER_TOKEN,
  type SubscriptionBudget,
} from "./subscription-budget.js";
export { writeLog } from "./write-log.js";

// The stdio server alone: what `openspec-mcp` loads to serve over stdio,
// without the HTTP server's modules (node:http, node:http2, Hono), which
// only `--http` needs; loading them costs a stdio start a third of its CPU.
export { chooseOutputSchemas } from "./choose-output-schemas.js";
export { chooseToolsets } from "./choose-toolsets.js";
export { type StdioServerOptions, startStdioServer } from "./start-stdio-server.js";
export { writeLog } from "./write-log.js";

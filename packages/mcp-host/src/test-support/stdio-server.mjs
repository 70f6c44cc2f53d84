#!/usr/bin/env node
// The smallest host a client can start: the built library serving over stdio,
// as the openspec-mcp bin and `openspec-agent mcp` do.
import { startStdioServer } from "../../dist/index.js";

await startStdioServer();

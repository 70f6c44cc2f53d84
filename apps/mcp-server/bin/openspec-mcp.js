#!/usr/bin/env node
import module from "node:module";

// Node 22.1+ keeps compiled code between starts; Node 20 has no such cache.
module.enableCompileCache?.();
await import("../dist/bundle/openspec-mcp.js");

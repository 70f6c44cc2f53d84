#!/usr/bin/env node
// CommonJS (bin/package.json says so), like the bundle it starts: the bundle
// runs through V8's code cache, which serves CommonJS only, and a CommonJS
// start skips setting up Node's ES module loader. The start file
// (dist/bundle/openspec-agent.cjs) says where the cache lives and how
// OPENSPEC_AGENT_COMPILE_CACHE sets it.
require("../dist/bundle/openspec-agent.cjs");

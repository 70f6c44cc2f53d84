#!/usr/bin/env node
// CommonJS (bin/package.json says so), like the bundle it starts: a CommonJS
// start skips setting up Node's ES module loader. The start file
// (dist/bundle/openspec-agent.cjs) turns on Node's compile cache in the
// user's cache folder and says how OPENSPEC_AGENT_COMPILE_CACHE moves it or
// turns it off.
require("../dist/bundle/openspec-agent.cjs");

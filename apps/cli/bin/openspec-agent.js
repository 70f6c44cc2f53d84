#!/usr/bin/env node
// CommonJS (bin/package.json says so), like the bundle it starts: a CommonJS
// start skips setting up Node's ES module loader. The start file
// (dist/bundle/openspec-agent.cjs) keeps the bundle's compiled code in the
// user's cache folder (Node's own compile cache on Node 22.1 and later, one
// through V8's code cache on Node 20) and says how
// OPENSPEC_AGENT_COMPILE_CACHE moves it or turns it off.
require("../dist/bundle/openspec-agent.cjs");

#!/usr/bin/env node
import "../dist/bundle/openspec-agent.js";

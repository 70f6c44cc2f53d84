import { exitOnClosedPipe } from "./exit-on-closed-pipe.js";
import { runCli } from "./program.js";

exitOnClosedPipe();
// No top-level await: the bundle is CommonJS (see bin/openspec-agent.js).
void runCli(process.argv.slice(2), { handleSignals: true }).then((code) => {
  process.exitCode = code;
});

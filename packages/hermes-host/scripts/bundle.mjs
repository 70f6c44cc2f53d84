// The Hermes bridge's entry for the shared bundler (@org/bundle): the Python
// plugin starts `node dist/bundle/bridge.js` (the path the installer records
// in bridge.json), which loads a few files instead of several hundred modules.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApp } from "@org/bundle";

await bundleApp({
  root: dirname(dirname(fileURLToPath(import.meta.url))),
  entries: { bridge: "dist/bridge.js" },
});

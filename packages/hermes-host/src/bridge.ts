import { startBridgeProcess } from "./start-bridge-process.js";

// The bridge's entry: bundled into dist/bundle/bridge.js, which the Python plugin starts and
// the installer records in bridge.json; bridge.json files of earlier installs name this file.
startBridgeProcess();

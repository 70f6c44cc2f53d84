import { startBridgeProcess } from "./start-bridge-process.js";

// The entry the Python plugin starts (`node dist/bridge.js`); the installer records its path in bridge.json.
startBridgeProcess();

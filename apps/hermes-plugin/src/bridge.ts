import { startBridgeProcess } from "@org/openspec-hermes-host";

// Plugins installed before the runtime became @org/openspec-hermes-host record this
// file (`dist/bridge.js`) in their bridge.json, so it stays and starts the same bridge.
startBridgeProcess();

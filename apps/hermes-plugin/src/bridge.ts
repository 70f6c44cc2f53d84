// Plugins installed before the runtime became @org/openspec-hermes-host record this
// file (`dist/bridge.js`) in their bridge.json, so it stays and starts the same
// bridge: the runtime's bundle, which loads a few files instead of several hundred modules.
import "@org/openspec-hermes-host/bridge";

export { CLI_BIN, openCliDoor } from "./cli-door.js";
export type { Door, DoorAnswer, DoorName, DoorOptions } from "./door.js";
export { openHermesDoor, PYTHON } from "./hermes-door.js";
export { openHttpDoor } from "./http-door.js";
export { openLibraryDoor } from "./library-door.js";
export { MCP_BIN, openMcpDoor } from "./mcp-door.js";
export { openCliDoorInProcess } from "./open-cli-door-in-process.js";
export { type ProcessRun, runProcess } from "./run-process.js";

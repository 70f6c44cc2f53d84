export { CONFINED_HOME, confineCommand } from "./confine-command.js";
export type { ConfinedView } from "./confined-view.js";
export type { ConfinementAvailable, ConfinementSupport } from "./confinement-support.js";
export { findConfinement } from "./find-confinement.js";

/**
 * Whether runs given a view are confined: `auto` where the host can
 * (bubblewrap on Linux) and unconfined elsewhere, `required` refuses to run
 * unconfined (`confinement_unavailable`), `off` never confines.
 */
export type ConfineMode = "auto" | "required" | "off";

export const CONFINE_MODES: readonly ConfineMode[] = ["auto", "required", "off"];

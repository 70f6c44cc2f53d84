/** The command people type; a fix worded for the shell starts its commands with it. */
export const PROGRAM = "openspec-agent";

/** How the shell words a result's fixes and its readable view: commands and flags, not tools and fields. */
export const SHELL_WORDING = { kind: "command", program: PROGRAM } as const;

/** The command people type; a fix worded for the shell starts its commands with it. */
export const PROGRAM = "openspec-agent";

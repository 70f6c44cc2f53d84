/** Exit codes: 0 ok, 1 a tool answered ok: false, 2 the command line was wrong. */
export const USAGE_ERROR = 2;

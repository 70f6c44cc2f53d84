// The server's `instructions` go into the model's system prompt, so they name
// only tools the session is offered: a default session has no
// openspec_source_add, and reaches a repository by its absolute path, or by a
// source its user registered in the shell.

const REGISTER =
  "Register a repository with openspec_source_add, then name it in the `source` argument of any tool (or pass an absolute `workdir`).";
const BY_PATH =
  "Name a repository by its absolute path in the `workdir` argument of any tool, or by a source registered with `openspec-agent sources add` in `source`.";
const REST =
  "openspec_context resolves `<source>` and `<source>/<os_token>` identifiers, and finds a token passed alone in whichever source holds it. Every result has `ok`; a failure adds a stable `code`, an `error` sentence and usually a `fix`.";

/** The instructions for a session offered `tools` (their names). */
export function serverInstructions(tools: ReadonlySet<string>): string {
  const reach = tools.has("openspec_source_add") ? REGISTER : BY_PATH;
  return `OpenSpec tools for many repositories at once. ${reach} ${REST}`;
}

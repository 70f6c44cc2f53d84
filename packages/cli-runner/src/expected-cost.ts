import type { RunLane } from "./create-run-limiter.js";

// Flags that make a command read every change or spec of the repository.
const WHOLE_REPOSITORY_FLAGS = new Set(["--all", "--changes", "--specs"]);
// Commands that read every change or spec whatever their flags.
const WHOLE_REPOSITORY_COMMANDS = new Set(["list", "context", "doctor"]);

/**
 * The lane a command waits in, from its arguments alone: `repository` when
 * it reads the whole repository (`list`, `context`, `doctor`, `validate` of a
 * scope or without an item, `status --all`), `item` for everything else (one
 * change or spec, or no repository content at all), so a cheap call never
 * queues behind whole-repository runs (see `createRunLimiter`).
 */
export function expectedCost(args: readonly string[]): RunLane {
  const [command, item] = args;
  if (command === undefined) return "item";
  if (WHOLE_REPOSITORY_COMMANDS.has(command)) return "repository";
  if (args.some((arg) => WHOLE_REPOSITORY_FLAGS.has(arg))) {
    return command === "validate" || command === "status" ? "repository" : "item";
  }
  if (command === "validate" && (item === undefined || item.startsWith("-"))) return "repository";
  return "item";
}

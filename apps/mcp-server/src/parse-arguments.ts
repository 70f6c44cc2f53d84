import { resolve } from "node:path";

/** What the command line asks the bin to do. */
export type BinCommand =
  | { kind: "serve"; workdir?: string }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "invalid"; message: string };

/** Reads `--workdir <path>` (or `--workdir=<path>`), `--help` and `--version`; nothing else is accepted. */
export function parseArguments(argv: readonly string[]): BinCommand {
  let workdir: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? "";
    if (argument === "--help" || argument === "-h") return { kind: "help" };
    if (argument === "--version" || argument === "-v") return { kind: "version" };
    const inline = argument.startsWith("--workdir=")
      ? argument.slice("--workdir=".length)
      : undefined;
    if (argument !== "--workdir" && inline === undefined) {
      return { kind: "invalid", message: `Unknown argument "${argument}".` };
    }
    const value = inline ?? argv[index + 1];
    if (inline === undefined) index += 1;
    if (value === undefined || value === "")
      return { kind: "invalid", message: "--workdir needs a path." };
    workdir = resolve(value);
  }
  return workdir === undefined ? { kind: "serve" } : { kind: "serve", workdir };
}

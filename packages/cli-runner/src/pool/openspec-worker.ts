/**
 * A warm OpenSpec worker, started by the pool as `node openspec-worker.js
 * <file URL of dist/cli/index.js>` with the exact environment a cold run would
 * get (the CLI's dependencies read some variables when imported).
 *
 * It imports the CLI, says `ready` on fd 3, then serves requests
 * `{"cwd": ..., "argv": [bin, ...args]}`, one line each: it changes into the
 * workdir, sets `process.argv` as a cold run has it, says `started` and runs
 * the CLI in this process, whose stdout, stderr and exit code are the
 * command's. When the command has finished and left this process as it found
 * it, the worker says `done {"exitCode", "stdout", "stderr"}` (the last two:
 * bytes written to each stream so far, so the host knows where the command's
 * output ends) and waits for the next request. Otherwise it says `last`,
 * closes fd 3 and lets the process end as a cold run would, so that exit is
 * the command's end. End of fd 3 while idle means the host is gone, so the
 * worker leaves quietly. Any failure before `started` exits with UNUSABLE and
 * prints nothing, which tells the pool to run the command cold instead.
 */
import { Socket } from "node:net";
import { splitLines } from "../split-lines.js";
import { skipUnusedItemListing } from "./skip-unused-item-listing.js";
import { checkReusable, snapshotProcess } from "./worker-state.js";

const UNUSABLE = 70;
const control = new Socket({ fd: 3, readable: true, writable: true });
control.setEncoding("utf8");

type Request = { cwd: string; argv: string[] };
type Parse = (argv: string[]) => Promise<unknown>;

function parseRequest(line: string): Request | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { cwd, argv } = value as Record<string, unknown>;
  if (typeof cwd !== "string" || !Array.isArray(argv)) return undefined;
  if (!argv.every((part): part is string => typeof part === "string")) return undefined;
  return { cwd, argv };
}

const lines: string[] = [];
let wake: (() => void) | undefined;
const cut = splitLines();
control.on("data", (chunk: string) => {
  lines.push(...cut(chunk));
  wake?.();
});
// The host is gone (or closed the pool): nothing is running, so leave.
control.once("end", () => process.exit(0));
control.once("error", () => process.exit(0));

async function nextLine(): Promise<string> {
  while (lines.length === 0) {
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  return lines.shift() as string;
}

function unusable(): never {
  process.exit(UNUSABLE);
}

const cli: unknown = await import(process.argv[2] ?? "").catch(() => undefined);
const exports = typeof cli === "object" && cli !== null ? (cli as Record<string, unknown>) : {};
const runCli = exports.runCli;
if (typeof runCli !== "function") unusable();
// `runCli` calls commander's `program.parse(argv)` and returns before an async
// action ends; `program.parseAsync(argv)` runs the same parse and says when the
// command is over, which serving several commands needs. Commander 14 resets
// parsed options before each parse. Without it the worker serves one command.
const program = exports.program as { parseAsync?: unknown } | undefined;
const parseAsync: Parse | undefined =
  typeof program?.parseAsync === "function"
    ? (argv) => (program.parseAsync as Parse).call(program, argv)
    : undefined;
// A typed one-item validation skips the listing it does not use (it prints the same).
await skipUnusedItemListing(process.argv[2] ?? "");
// Output printed while importing (Node warnings) is repeated by every cold
// run, so a worker that printed any serves only one command.
const printedWhileImporting = process.stdout.bytesWritten + process.stderr.bytesWritten > 0;
control.write("ready\n");

for (let served = 1; ; served += 1) {
  const request = parseRequest(await nextLine());
  if (request === undefined) unusable();
  try {
    process.chdir(request.cwd);
  } catch {
    unusable();
  }
  // Commander reads the argv it is given, but anything else in the CLI sees the
  // same process.argv a cold `node bin/openspec.js ...` would have.
  const argv = [process.execPath, ...request.argv];
  process.argv = argv;
  if (parseAsync === undefined || printedWhileImporting) {
    control.removeAllListeners();
    control.end("started\n", () => {
      control.destroy();
      (runCli as (argv: string[]) => unknown)(argv);
    });
    break;
  }
  const before = await snapshotProcess();
  control.write("started\n");
  // A rejection is not caught: it ends this module's top-level await, so Node
  // prints it and exits with 1, as it does for the rejection `runCli` leaves
  // unhandled (the stack shows parseAsync instead of parse), and that exit
  // ends the command.
  await parseAsync(argv);
  const exitCode = await checkReusable(before, served);
  if (exitCode === undefined) {
    // Something of the command is still going, or it changed this process:
    // finish like a cold run, whose end is the process's exit.
    control.removeAllListeners();
    control.end("last\n", () => control.destroy());
    break;
  }
  control.write(
    `done ${JSON.stringify({
      exitCode,
      stdout: process.stdout.bytesWritten,
      stderr: process.stderr.bytesWritten,
    })}\n`,
  );
}

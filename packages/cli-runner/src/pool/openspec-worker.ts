/**
 * A warm OpenSpec worker, started by the pool as `node openspec-worker.js
 * <file URL of dist/cli/index.js>` with the exact environment a cold run would
 * get (the CLI's dependencies read some variables when imported).
 *
 * It imports the CLI, says `ready` on fd 3, waits there for one request line
 * `{"cwd": ..., "argv": [bin, ...args]}`, says `started`, closes fd 3 and runs the CLI
 * in this process: its stdout, stderr and exit code are the command's. End of
 * fd 3 before a request means the host is gone, so the worker leaves quietly.
 * Any failure before `started` exits with UNUSABLE and prints nothing, which
 * tells the pool to run the command cold instead.
 */
import { Socket } from "node:net";

const UNUSABLE = 70;
const control = new Socket({ fd: 3, readable: true, writable: true });
control.setEncoding("utf8");

type Request = { cwd: string; argv: string[] };

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

const requestLine = new Promise<string>((resolve) => {
  let received = "";
  control.on("data", (chunk: string) => {
    received += chunk;
    const end = received.indexOf("\n");
    if (end !== -1) resolve(received.slice(0, end));
  });
  control.once("end", () => process.exit(0));
  control.once("error", () => process.exit(0));
});

function unusable(): never {
  process.exit(UNUSABLE);
}

const cli: unknown = await import(process.argv[2] ?? "").catch(() => undefined);
const runCli =
  typeof cli === "object" && cli !== null ? (cli as Record<string, unknown>).runCli : undefined;
if (typeof runCli !== "function") unusable();
control.write("ready\n");

const request = parseRequest(await requestLine);
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
control.removeAllListeners("data");
control.removeAllListeners("end");
control.end("started\n", () => {
  control.destroy();
  runCli(argv);
});

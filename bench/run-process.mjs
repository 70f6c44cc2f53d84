import { spawn } from "node:child_process";

/**
 * Starts `command` (no shell), waits for it to exit and resolves with its exit
 * code and stdout: what a caller that spawns the raw CLI would do.
 */
export function runProcess(command, args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.resume();
    child.once("error", reject);
    child.once("close", (code) =>
      resolve({ code, stdout: Buffer.concat(chunks).toString("utf8") }),
    );
  });
}

/** The yardstick of warm-cli-call and cold-cli-call: `node bin/openspec.js list --json` in `workdir`, spawned directly. */
export function spawnRawList({ bin, workdir, env }) {
  return runProcess(process.execPath, [bin, "list", "--json"], { cwd: workdir, env });
}

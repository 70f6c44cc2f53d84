import { spawn } from "node:child_process";

/**
 * A long-lived child that speaks one JSON document per line on stdin and
 * stdout (the MCP stdio transport, the Hermes bridge). `next(match)` resolves
 * with the first message that satisfies `match`.
 */
export function startJsonLinesProcess(command, args, { env, cwd }) {
  const child = spawn(command, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"] });
  const waiting = [];
  const seen = [];
  let buffered = "";
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text) => {
    stderr = (stderr + text).slice(-4000);
  });
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (text) => {
    buffered += text;
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line === "") continue;
      const message = JSON.parse(line);
      const index = waiting.findIndex((entry) => entry.match(message));
      if (index === -1) seen.push(message);
      else waiting.splice(index, 1)[0].resolve(message);
    }
  });
  const exited = new Promise((resolve) => child.once("close", resolve));
  return {
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    next(match) {
      const index = seen.findIndex(match);
      if (index !== -1) return Promise.resolve(seen.splice(index, 1)[0]);
      return new Promise((resolve, reject) => {
        waiting.push({ match, resolve });
        exited.then(() => reject(new Error(`the process exited; stderr: ${stderr}`)));
      });
    },
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

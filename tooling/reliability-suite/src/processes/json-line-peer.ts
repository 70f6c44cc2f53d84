import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { withDeadline } from "./with-deadline.js";

/** A process that speaks JSON lines on stdin and stdout, driven by a peer that may misbehave. */
export type JsonLinePeer = {
  child: ChildProcessWithoutNullStreams;
  /** Writes raw bytes, waiting while the pipe is full; false once the process stopped reading. */
  write(data: string | Buffer): Promise<boolean>;
  /** The first message on stdout with this `id`. */
  answer(id: string | number, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  /** Lines on stdout that were not JSON: a host must never write them. */
  strayLines: string[];
};

export function startJsonLinePeer(
  file: string,
  args: readonly string[],
  options: { env: Record<string, string | undefined>; cwd: string },
): JsonLinePeer {
  const child = spawn(file, args, { env: options.env, cwd: options.cwd });
  const messages: Record<string, unknown>[] = [];
  const strayLines: string[] = [];
  const waiting = new Set<() => void>();
  let pending = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (text: string) => {
    const lines = (pending + text).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      try {
        messages.push(JSON.parse(line));
      } catch {
        strayLines.push(line.slice(0, 200));
      }
    }
    for (const wake of waiting) wake();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-20_000);
  });
  // Writing to a process that has gone is what some checks do on purpose.
  child.stdin.on("error", () => {});
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));

  return {
    child,
    strayLines,
    exited,
    stderr: () => stderr,
    async write(data) {
      if (child.stdin.destroyed || child.exitCode !== null) return false;
      if (!child.stdin.write(data)) {
        // Not events.once: it would reject on the EPIPE of a process that stopped reading.
        await new Promise<void>((resolve) => {
          const done = () => {
            child.stdin.off("drain", done);
            child.stdin.off("close", done);
            resolve();
          };
          child.stdin.on("drain", done);
          child.stdin.on("close", done);
          void exited.then(done);
        });
      }
      return child.exitCode === null && !child.stdin.destroyed;
    },
    answer(id, timeoutMs = 60_000) {
      const found = () => messages.find((message) => message.id === id);
      return withDeadline(
        new Promise((resolve, reject) => {
          const check = () => {
            const message = found();
            if (message) {
              waiting.delete(check);
              resolve(message);
            }
          };
          waiting.add(check);
          check();
          void exited.then(() => {
            if (!found())
              reject(new Error(`the process exited before answering ${id}: ${stderr.slice(-500)}`));
          });
        }),
        timeoutMs,
        `the answer to ${id}`,
      );
    },
  };
}

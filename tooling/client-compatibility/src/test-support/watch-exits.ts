import { once } from "node:events";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { temporaryFolder } from "@org/test-kit";

/** Loaded with `--require` in front of a bin: reports the process's exit to `watchExits`. */
export const REPORT_EXIT = fileURLToPath(new URL("./report-exit.cjs", import.meta.url));

export type ExitWatch = {
  /** For the watched processes' environment: where `report-exit.cjs` connects. */
  env: { REPORT_EXIT_SOCKET: string };
  /**
   * Resolves once a process has reported and every one that did is gone. A
   * process an MCP client spawned gives the test no exit event, so each holds
   * a connection that closes when it ends. The deadline only guards against a
   * hang; the error names what it waited for.
   */
  allGone(what: string, deadlineMs?: number): Promise<void>;
  close(): Promise<void>;
};

/** A socket that processes started with `report-exit.cjs` connect to, one connection each. */
export async function watchExits(): Promise<ExitWatch> {
  const path = join(temporaryFolder("exits-"), "report.sock");
  let reported = 0;
  let running = 0;
  const changed = new EventTarget();
  const server = createServer((socket) => {
    reported += 1;
    running += 1;
    socket.on("error", () => {});
    socket.on("close", () => {
      running -= 1;
      changed.dispatchEvent(new Event("change"));
    });
  });
  server.listen(path);
  await once(server, "listening");
  return {
    env: { REPORT_EXIT_SOCKET: path },
    allGone(what, deadlineMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (reported === 0 || running > 0) return;
          stop();
          resolve();
        };
        const stop = (): void => {
          clearTimeout(timer);
          changed.removeEventListener("change", check);
          server.off("connection", check);
        };
        const timer = setTimeout(() => {
          stop();
          reject(
            new Error(
              reported === 0
                ? `gave up waiting for ${what}: no process reported (started without --require REPORT_EXIT?)`
                : `gave up waiting for ${what} to exit: ${running} of ${reported} still running`,
            ),
          );
        }, deadlineMs);
        changed.addEventListener("change", check);
        server.on("connection", check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

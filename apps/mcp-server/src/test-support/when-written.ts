import type { RawServer } from "./raw-server.js";

/**
 * Resolves once the server's stdout satisfies `condition`; rejects, naming
 * `what`, if the server exits first or after 30 s (a guard against a hang,
 * well inside the runner's timeout; the condition is what the test checks).
 */
export function whenWritten(
  server: RawServer,
  condition: () => boolean,
  what: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const hang = setTimeout(() => {
      stopLooking();
      reject(new Error(`gave up waiting for ${what}`));
    }, 30_000);
    const look = () => {
      if (!condition()) return;
      stopLooking();
      resolve();
    };
    const gone = () => {
      stopLooking();
      reject(new Error(`the server exited before ${what}`));
    };
    const stopLooking = () => {
      clearTimeout(hang);
      server.child.stdout.off("data", look);
      server.child.off("exit", gone);
    };
    server.child.stdout.on("data", look);
    server.child.once("exit", gone);
    look();
  });
}

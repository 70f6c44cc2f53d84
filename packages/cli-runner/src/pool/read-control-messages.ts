import type { Duplex } from "node:stream";

/**
 * The worker's newline-terminated lines on fd 3, taken one at a time in
 * order; once fd 3 has ended (the worker closed it or died) every further
 * wait gives undefined.
 */
export function readControlMessages(control: Duplex | undefined): {
  next(): Promise<string | undefined>;
} {
  const said: string[] = [];
  const waiters: Array<() => void> = [];
  let ended = control === undefined;
  let buffered = "";
  const wakeAll = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  control?.setEncoding("utf8");
  control?.on("data", (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      said.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    wakeAll();
  });
  const finish = () => {
    ended = true;
    wakeAll();
  };
  control?.once("end", finish);
  control?.once("close", finish);
  return {
    async next() {
      while (said.length === 0 && !ended) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return said.shift();
    },
  };
}

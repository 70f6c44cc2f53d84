import type { Duplex } from "node:stream";
import { splitLines } from "../split-lines.js";

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
  const cut = splitLines();
  const wakeAll = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  control?.setEncoding("utf8");
  control?.on("data", (chunk: string) => {
    said.push(...cut(chunk));
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

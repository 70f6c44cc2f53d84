import { existsSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

/** The space-separated pids a test process writes to `path`, once it has written them. */
export async function waitForPids(path: string): Promise<number[]> {
  for (;;) {
    const text = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
    if (text !== "") return text.split(" ").map(Number);
    await delay(20);
  }
}

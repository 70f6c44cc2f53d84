import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { whyNobodyCannotRun } from "./unprivileged-user.js";

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A checkout-like file `worker.mjs` under a folder with the given mode. */
function workerUnderFolder(mode: number): string {
  const parent = mkdtempSync(join(tmpdir(), "kit-nobody-"));
  made.push(parent);
  chmodSync(parent, 0o755);
  const checkout = join(parent, "home");
  mkdirSync(checkout);
  const worker = join(checkout, "worker.mjs");
  writeFileSync(worker, "console.log('ran');\n");
  chmodSync(worker, 0o644);
  chmodSync(checkout, mode);
  return worker;
}

describe.runIf(process.getuid?.() === 0)(
  "whether the user nobody can run a checkout's code",
  () => {
    it("GIVEN a checkout under a private folder, as root's /root is WHEN asked THEN it names the path and how to make it runnable", () => {
      const worker = workerUnderFolder(0o700);
      const reason = whyNobodyCannotRun(worker);
      expect(reason).toContain(worker);
      expect(reason).toContain("chmod o+x");
    });

    it("GIVEN a checkout every user may traverse WHEN asked THEN there is no reason to skip", () => {
      expect(whyNobodyCannotRun(workerUnderFolder(0o755))).toBeUndefined();
    });
  },
);

describe.runIf(process.getuid?.() !== 0)(
  "whether the user nobody can run a checkout's code, as a user that cannot switch users",
  () => {
    it("GIVEN any checkout WHEN asked THEN there is no reason to skip: the tests run as this user", () => {
      expect(whyNobodyCannotRun(workerUnderFolder(0o700))).toBeUndefined();
    });
  },
);

import { type ChildProcess, fork } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openRegistry } from "./open-registry.js";
import { assertBuildIsCurrent } from "./test-support/assert-build-is-current.js";
import { makeDir, useTempDirs } from "./test-support/temp-dir.js";

const WORKERS = 8;
// Every process's writes overlap the others' from first to last, so the count only sets how
// long they overlap: with deferred instead of immediate write transactions, 10 sources each
// already end in hundreds of busy failures. 50 keep that margin at a quarter of 200's time.
const SOURCES_PER_WORKER = 50;
const workerScript = fileURLToPath(new URL("./test-support/registry-worker.mjs", import.meta.url));

interface WorkerReport {
  readonly failures: readonly { step: string; code: string; error: string }[];
}

function startWorker(args: readonly string[]): { child: ChildProcess; ready: Promise<void> } {
  const child = fork(workerScript, args, { stdio: "inherit" });
  const ready = new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("error", reject);
  });
  return { child, ready };
}

function reportOf(child: ChildProcess): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message as WorkerReport));
    child.once("exit", (code) => reject(new Error(`worker exited with ${code} before reporting`)));
  });
}

describe("registry shared by several processes", () => {
  const tempDir = useTempDirs();

  it(`GIVEN ${WORKERS} processes started on a brand-new file WHEN each adds, renames and removes ${SOURCES_PER_WORKER} sources at once THEN no row is lost or duplicated and no caller sees a busy failure`, async () => {
    assertBuildIsCurrent();
    const root = tempDir();
    const file = join(root, "data", "registry.db");
    const expected: string[] = [];
    for (let worker = 0; worker < WORKERS; worker++) {
      for (let index = 0; index < SOURCES_PER_WORKER; index++) {
        const path = makeDir(root, `w${worker}/d${index}`);
        if (index % 2 === 0) expected.push(`w${worker}-b${index} ${path}`);
      }
    }

    const workers = Array.from({ length: WORKERS }, (_, worker) =>
      startWorker([
        file,
        String(worker),
        root,
        String(SOURCES_PER_WORKER),
        worker % 2 === 0 ? "keep-open" : "per-call",
      ]),
    );
    await Promise.all(workers.map((worker) => worker.ready));
    const reports = workers.map(({ child }) => reportOf(child));
    for (const { child } of workers) child.send("go");
    const failures = (await Promise.all(reports)).flatMap((report) => report.failures);

    expect(failures).toEqual([]);
    const opened = openRegistry({ path: file });
    if (!opened.ok) throw new Error(opened.error);
    const listed = opened.registry.list();
    opened.registry.close();
    if (!listed.ok) throw new Error(listed.error);
    const actual = listed.sources.map((source) => `${source.name} ${source.path}`);
    expect(actual.toSorted()).toEqual(expected.toSorted());
    expect(new Set(listed.sources.map((source) => source.token)).size).toBe(expected.length);
  });
});

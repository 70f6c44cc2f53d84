import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { assertBuildIsCurrent } from "./test-support/assert-build-is-current.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

const worker = fileURLToPath(new URL("./test-support/drizzle-use-worker.mjs", import.meta.url));

interface WorkerAnswers {
  readonly opened: { readonly ok: boolean };
  readonly add?: { readonly ok: boolean };
  readonly resolve?: { readonly ok: boolean };
  readonly list?: { readonly ok: boolean };
  readonly drizzleFiles: readonly string[];
}

function useInAnotherProcess(file: string, identifier: string, folder?: string): WorkerAnswers {
  const args = [worker, file, identifier, ...(folder === undefined ? [] : [folder])];
  const run = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 30_000 });
  if (run.status !== 0) throw new Error(`worker failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as WorkerAnswers;
}

// drizzle defines the schema and generates the migrations; loading it was
// most of what a short command such as `openspec-agent context` spent on the registry.
describe("the registry at run time", () => {
  const { freshRegistry, tempDir } = useRegistrySandbox();
  beforeAll(assertBuildIsCurrent);

  it("GIVEN a registry already at the current schema WHEN a process opens it, resolves and lists THEN drizzle is not loaded", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "api") }));
    registry.close();

    const answers = useInAnotherProcess(registry.path, "api");

    expect(answers).toMatchObject({
      opened: { ok: true },
      resolve: { ok: true },
      list: { ok: true },
    });
    expect(answers.drizzleFiles).toEqual([]);
  });

  it("GIVEN no registry file yet WHEN a process creates it, adds, resolves and lists THEN the file is migrated and drizzle is not loaded", () => {
    const root = tempDir();

    const answers = useInAnotherProcess(join(root, "registry.db"), "web", makeDir(root, "web"));

    expect(answers).toMatchObject({
      opened: { ok: true },
      add: { ok: true },
      resolve: { ok: true },
      list: { ok: true },
    });
    expect(answers.drizzleFiles).toEqual([]);
  });
});

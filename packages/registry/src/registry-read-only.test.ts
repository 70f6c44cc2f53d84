import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { NOBODY, warnSkipped, whyNobodyCannotRun } from "@org/test-kit";
import { beforeAll, describe, expect, it } from "vitest";
import { assertBuildIsCurrent } from "./test-support/assert-build-is-current.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

// Root may write anything, so the reader runs as the unprivileged user "nobody".
const worker = fileURLToPath(new URL("./test-support/read-only-worker.mjs", import.meta.url));
const hashOf = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

type Answers = Record<"list" | "resolve" | "add", { ok: boolean; code?: string; error?: string }>;

function useAsNobody(file: string, identifier: string, folder: string): Answers {
  const run = spawnSync(process.execPath, [worker, file, identifier, folder], {
    uid: NOBODY,
    gid: NOBODY,
    encoding: "utf8",
    timeout: 30_000,
  });
  if (run.status !== 0) throw new Error(`worker failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Answers;
}

const nobodyCannotRun = whyNobodyCannotRun(worker);
warnSkipped("the registry's read-only tests", nobodyCannotRun);

describe.skipIf(nobodyCannotRun)("a registry this user may only read", () => {
  const { freshRegistry } = useRegistrySandbox();
  beforeAll(assertBuildIsCurrent);

  it.each([
    ["its file is read-only", { folder: 0o777, file: 0o444 }],
    ["its folder is not writable", { folder: 0o555, file: 0o644 }],
  ])(
    "GIVEN a registry where %s WHEN another user lists, resolves and adds THEN reads answer and the add is registry_read_only, with the file unchanged",
    (_, modes) => {
      const { root, registry } = freshRegistry();
      const { source } = expectOk(registry.add({ path: makeDir(root, "api") }));
      const folder = makeDir(root, "web");
      const file = registry.path;
      registry.close();
      chmodSync(root, modes.folder);
      chmodSync(file, modes.file);
      const before = hashOf(file);

      const answers = useAsNobody(file, "api", folder);

      chmodSync(root, 0o700);
      expect(answers.list).toMatchObject({ ok: true, sources: [source] });
      expect(answers.resolve).toMatchObject({ ok: true, source });
      expect(answers.add).toMatchObject({ ok: false, code: "registry_read_only" });
      expect(answers.add.error).toContain(file);
      expect(answers.add.error).not.toMatch(/repair/);
      expect(hashOf(file)).toBe(before);
    },
  );

  it("GIVEN a folder this user cannot write and no registry in it WHEN opening THEN it is registry_read_only, not a damaged file", () => {
    const { root, registry } = freshRegistry();
    registry.close();
    chmodSync(root, 0o555);

    const answers = useAsNobody(join(root, "missing.db"), "api", root) as unknown as {
      opened: { code: string };
    };

    chmodSync(root, 0o700);
    expect(answers.opened).toMatchObject({ code: "registry_read_only" });
  });
});

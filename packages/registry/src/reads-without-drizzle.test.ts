import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { assertBuildIsCurrent } from "./test-support/assert-build-is-current.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

const worker = fileURLToPath(new URL("./test-support/drizzle-use-worker.mjs", import.meta.url));

// Writes query through drizzle; loading it cost a short read-only command
// about 13 ms of CPU, so reads are plain SQL (see the README).
describe("reading the registry", () => {
  const { freshRegistry } = useRegistrySandbox();
  beforeAll(assertBuildIsCurrent);

  it("GIVEN a registry at the current schema WHEN a process whose every drizzle import fails opens it, resolves, lists sources and tokens and checks a bearer token THEN each answers", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "api") }));
    registry.close();

    const run = spawnSync(process.execPath, [worker, registry.path, "api"], {
      encoding: "utf8",
      timeout: 30_000,
    });

    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toMatchObject({
      opened: { ok: true },
      resolve: { ok: true, source: { path: `${root}/api` } },
      list: { ok: true },
      tokens: { ok: true, tokens: [] },
      verify: { ok: false, code: "access_token_invalid" },
    });
  });
});

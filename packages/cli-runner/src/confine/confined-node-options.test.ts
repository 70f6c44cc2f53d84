import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { findConfinement } from "@org/openspec-confine";
import { describe, expect, it } from "vitest";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";

// An operator's NODE_OPTIONS preloads (an APM agent, a test harness) load into
// every Node process, the confined CLI's too: the view must hold them.
describe.skipIf(!findConfinement().ok)("a confined run under NODE_OPTIONS", () => {
  const cli = useRealCliRepo();

  it("GIVEN NODE_OPTIONS that requires a module outside the repository WHEN the CLI runs confined THEN the module loads and the CLI answers as it does unconfined", async () => {
    const hooks = cli.sandbox.makeDir("operator-hooks");
    const marker = join(hooks, "preload.cjs");
    writeFileSync(marker, "process.env.OPERATOR_PRELOAD = 'loaded';\n");
    const env = { ...cli.sandbox.env, NODE_OPTIONS: `--require ${marker}` };
    const view = { root: cli.repo, writable: false };

    const confined = await cli.run(["list", "--json"], { env, confine: view });
    const unconfined = await cli.run(["list", "--json"], { env });

    expect(confined).toMatchObject({ ok: true, stderr: "" });
    expect(confined.stdout).toEqual(unconfined.stdout);
  });
});

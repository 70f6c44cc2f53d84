import { realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createOpenSpecPool, type OpenSpecPool } from "@org/openspec-cli-runner";
import { fakeOpenSpecBinary, makeOpenSpecRepository, REAL_OPENSPEC_BIN } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

// The workspace's own `node_modules/.bin/openspec`: pnpm writes it as a shell shim.
const PNPM_SHIM = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "node_modules",
  ".bin",
  "openspec",
);
const PACKAGE_ROOT = realpathSync(join(dirname(REAL_OPENSPEC_BIN), ".."));

describe("the warm pool's status and the CLI run limit", () => {
  const pools: OpenSpecPool[] = [];
  afterEach(() => {
    for (const pool of pools.splice(0)) pool.close();
    cleanUp();
  });

  it("GIVEN OPENSPEC_BIN is pnpm's shim WHEN a pooled catalog lists changes THEN the status names the package behind the shim and the call runs on a warm worker", async () => {
    const { env } = makeCatalog({ cli: false });
    const shimEnv = { ...env, OPENSPEC_BIN: PNPM_SHIM };
    const pool = createOpenSpecPool({ env: shimEnv });
    pools.push(pool);
    const { catalog } = makeCatalog({
      env: { OPENSPEC_BIN: PNPM_SHIM },
      catalog: { env: shimEnv, pool },
    });
    const workdir = makeOpenSpecRepository();

    expect(await catalog.warmPoolStatus()).toEqual({
      usable: true,
      kept: true,
      package_root: PACKAGE_ROOT,
      via: "shim",
      reason: null,
    });
    // Confined, a worker serves one repository's view: the catalog's for a read of `workdir`.
    expect(await pool.warm(PNPM_SHIM, { root: workdir, writable: false })).toBe(true);
    const listed = await catalog.call("openspec_list", { workdir });

    expect(listed.ok).toBe(true);
    expect(pool.stats()).toMatchObject({ warm: 1, cold: 0, fallbacks: 0 });
  });

  it("GIVEN OPENSPEC_BIN is a wrapper script WHEN a catalog with a warm pool runs two CLI-backed calls THEN it logs one line saying why the pool is unavailable, and the status says the same", async () => {
    const wrapper = fakeOpenSpecBinary(`exec node ${JSON.stringify(REAL_OPENSPEC_BIN)} "$@"`);
    const lines: string[] = [];
    // Confined, a wrapper sees only its own folder, not the CLI it runs: its subject is the pool's notice.
    const { catalog } = makeCatalog({
      env: { OPENSPEC_BIN: wrapper, OPENSPEC_AGENT_CONFINE: "off" },
      catalog: { warmPool: true, log: (line) => lines.push(line) },
    });
    const workdir = makeOpenSpecRepository();

    expect((await catalog.call("openspec_list", { workdir })).ok).toBe(true);
    expect((await catalog.call("openspec_list", { workdir })).ok).toBe(true);

    expect(lines).toEqual([
      `warm pool unavailable: ${wrapper} is neither the bin of @fission-ai/openspec nor an npm or pnpm shim for it. Every CLI-backed call starts the CLI cold.`,
    ]);
    expect(await catalog.warmPoolStatus()).toMatchObject({
      usable: false,
      kept: true,
      reason: `${wrapper} is neither the bin of @fission-ai/openspec nor an npm or pnpm shim for it.`,
    });
  });

  it("GIVEN OPENSPEC_AGENT_POOL=0 WHEN asked THEN the pool is not usable, and says it is turned off", async () => {
    const { catalog } = makeCatalog({ env: { OPENSPEC_AGENT_POOL: "0" } });

    expect(await catalog.warmPoolStatus()).toEqual({
      usable: false,
      kept: false,
      package_root: null,
      via: null,
      reason: "OPENSPEC_AGENT_POOL=0 turns it off.",
    });
  });

  it("GIVEN an invalid OPENSPEC_AGENT_CLI_CONCURRENCY WHEN a tool is called THEN it answers invalid_setting naming the variable and its range, like every numeric setting", async () => {
    const { catalog } = makeCatalog({ env: { OPENSPEC_AGENT_CLI_CONCURRENCY: "500" } });
    expect(
      await catalog.call("openspec_list", { workdir: makeOpenSpecRepository() }),
    ).toMatchObject({
      ok: false,
      code: "invalid_setting",
      setting: "OPENSPEC_AGENT_CLI_CONCURRENCY",
      value: "500",
      error:
        'OPENSPEC_AGENT_CLI_CONCURRENCY is "500"; it must be a whole number from 1 to 64 (runs at once).',
    });
  });

  it.each([0, 65, 1.5])(
    "GIVEN the option cliConcurrency %s WHEN a tool is called THEN it answers invalid_setting",
    async (cliConcurrency) => {
      const { catalog } = makeCatalog({ catalog: { cliConcurrency } });
      expect(await catalog.call("openspec_source_list", {})).toMatchObject({
        ok: false,
        code: "invalid_setting",
        setting: "cliConcurrency",
      });
    },
  );
});

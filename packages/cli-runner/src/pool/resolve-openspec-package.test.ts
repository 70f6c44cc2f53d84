import { chmodSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { writeFakeOpenSpecPackage } from "../test-support/fake-openspec-package.js";
import { REAL_CLI } from "../test-support/real-cli.js";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";
import { checkWarmPoolTarget } from "./check-warm-pool-target.js";
import { createOpenSpecPool, type OpenSpecPool } from "./create-openspec-pool.js";

// pnpm writes this package's devDependency bin as a cmd-shim shell script, not a link.
const PNPM_SHIM = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "node_modules",
  ".bin",
  "openspec",
);
const REAL_ROOT = realpathSync(join(dirname(REAL_CLI), ".."));

// The shape npm's and pnpm's cmd-shim write for a JavaScript bin.
const cmdShim = (target: string, exec = "exec ") => `#!/bin/sh
basedir=$(dirname "$(echo "$0" | sed -e 's,\\\\,/,g')")

case \`uname\` in
    *CYGWIN*) basedir=\`cygpath -w "$basedir"\`;;
esac

if [ -x "$basedir/node" ]; then
  ${exec}"$basedir/node"  "$basedir/${target}" "$@"
else
  ${exec}node  "$basedir/${target}" "$@"
fi
`;

describe("following a binary to the OpenSpec package behind it", () => {
  const cli = useRealCliRepo();
  const pools: OpenSpecPool[] = [];
  afterEach(() => {
    for (const pool of pools.splice(0)) pool.close();
  });
  const writeShim = (folder: string, text: string) => {
    const path = join(cli.sandbox.makeDir(folder), "openspec");
    writeFileSync(path, text);
    chmodSync(path, 0o755);
    return path;
  };
  const fakePackage = (folder: string, name = "@fission-ai/openspec") => {
    const root = cli.sandbox.makeDir(`${folder}/node_modules/${name}`);
    const bin = writeFakeOpenSpecPackage(root, "export function runCli() {}");
    if (name !== "@fission-ai/openspec") {
      writeFileSync(
        join(root, "package.json"),
        JSON.stringify({ name, type: "module", bin: { openspec: "./bin/openspec.js" } }),
      );
    }
    return { root, bin };
  };

  it("GIVEN this workspace's pnpm shim (a shell script) WHEN checked THEN it leads to the pinned package, and a pool serves its commands warm with the cold run's output", async () => {
    expect(checkWarmPoolTarget(PNPM_SHIM)).toEqual({
      ok: true,
      package_root: REAL_ROOT,
      via: "shim",
    });
    const pool = createOpenSpecPool({ env: cli.sandbox.env });
    pools.push(pool);
    expect(await pool.warm(PNPM_SHIM)).toBe(true);

    const { duration_ms: _w, ...warm } = await cli.run(["list", "--json"], {
      bin: PNPM_SHIM,
      pool,
    });
    const { duration_ms: _c, ...cold } = await cli.run(["list", "--json"], { bin: PNPM_SHIM });

    expect(warm).toEqual(cold);
    expect(warm.ok).toBe(true);
    expect(pool.stats()).toMatchObject({ warm: 1, cold: 0, fallbacks: 0 });
  });

  it("GIVEN a symlink to the package's bin, as npm links it WHEN checked THEN it leads to the package itself", () => {
    const link = join(cli.sandbox.makeDir("npm-global/bin"), "openspec");
    symlinkSync(REAL_CLI, link);

    expect(checkWarmPoolTarget(link)).toEqual({ ok: true, package_root: REAL_ROOT, via: "entry" });
  });

  it.each([
    ["pnpm and newer npm", "exec "],
    ["older npm, without exec", ""],
  ])("GIVEN a cmd-shim as %s write it WHEN checked THEN its target package is found", (_, exec) => {
    const { root } = fakePackage("project");
    const shim = writeShim(
      "project/node_modules/.bin",
      cmdShim("../@fission-ai/openspec/bin/openspec.js", exec),
    );

    expect(checkWarmPoolTarget(shim)).toEqual({ ok: true, package_root: root, via: "shim" });
  });

  it("GIVEN a shim with a node of its own next to it WHEN checked THEN it is refused: workers run the node on PATH", () => {
    fakePackage("bundled");
    const shim = writeShim(
      "bundled/node_modules/.bin",
      cmdShim("../@fission-ai/openspec/bin/openspec.js"),
    );
    const ownNode = join(dirname(shim), "node");
    writeFileSync(ownNode, "#!/bin/sh\n");
    chmodSync(ownNode, 0o755);

    const checked = checkWarmPoolTarget(shim);

    expect(checked).toMatchObject({ ok: false });
    expect(!checked.ok && checked.reason).toContain(`runs ${ownNode}`);
  });

  it("GIVEN a shim whose target is another package's bin WHEN checked THEN it is refused, naming the target", () => {
    fakePackage("impostor", "not-openspec");
    const shim = writeShim(
      "impostor/node_modules/.bin",
      cmdShim("../not-openspec/bin/openspec.js"),
    );

    const checked = checkWarmPoolTarget(shim);

    expect(checked).toMatchObject({ ok: false });
    expect(!checked.ok && checked.reason).toMatch(
      /shell shim for .*not-openspec.*not the bin of @fission-ai\/openspec/,
    );
  });

  it("GIVEN a wrapper script WHEN a pool runs it twice THEN both runs are cold and the pool says why once", async () => {
    const wrapper = writeShim("wrapper", `#!/bin/sh\nexec node ${JSON.stringify(REAL_CLI)} "$@"\n`);
    const said: string[] = [];
    const pool = createOpenSpecPool({
      env: cli.sandbox.env,
      onUnavailable: (reason) => said.push(reason),
    });
    pools.push(pool);

    await cli.run(["list", "--json"], { bin: wrapper, pool });
    await cli.run(["list", "--json"], { bin: wrapper, pool });

    expect(said).toEqual([
      `${wrapper} is neither the bin of @fission-ai/openspec nor an npm or pnpm shim for it.`,
    ]);
    expect(pool.stats()).toMatchObject({ warm: 0, cold: 2, started: 0 });
  });
});

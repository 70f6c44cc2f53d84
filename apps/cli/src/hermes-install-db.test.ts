import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

// Loads the installed plugin from $HERMES_HOME/plugins as Hermes imports it, registers its
// tools on a stand-in context and calls two handlers; each prints one JSON result line.
const CALL_PLUGIN = `
import json, os, sys
sys.path.insert(0, os.path.join(os.environ["HERMES_HOME"], "plugins"))
import openspec
tools = {}
openspec.register(type("Ctx", (), {"register_tool": lambda self, **k: tools.update({k["name"]: k})})())
print(tools["openspec_source_add"]["handler"]({"path": sys.argv[1], "name": "shop"}))
print(tools["openspec_source_list"]["handler"]({}))
`;

function setUp() {
  const { env, home } = isolatedEnvironment();
  const hermesHome = temporaryFolder("hermes-home-");
  const repository = makeOpenSpecRepository({});
  const run = (args: string[]) => runBin(args, { env, cwd: home });
  /** Calls the installed plugin's handlers through Python, with Hermes's environment. */
  const callPlugin = () =>
    execFileSync("python3", ["-c", CALL_PLUGIN, repository], {
      env: { ...env, HERMES_HOME: hermesHome },
      encoding: "utf8",
      timeout: 60_000,
    })
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  const sourcesIn = (db?: string) =>
    JSON.parse(run([...(db ? ["--db", db] : []), "sources", "list", "--json"]).stdout);
  const bridgeJson = () =>
    JSON.parse(readFileSync(join(hermesHome, "plugins", "openspec", "bridge.json"), "utf8"));
  return { env, home, hermesHome, repository, run, callPlugin, sourcesIn, bridgeJson };
}

describe("openspec-agent --db hermes install", () => {
  it("GIVEN --db WHEN the plugin is installed and Hermes calls openspec_source_add THEN the source lands in that file, not in OPENSPEC_AGENT_DB's", () => {
    const { home, hermesHome, repository, run, callPlugin, sourcesIn, bridgeJson } = setUp();
    const chosen = join(home, "chosen", "team.db");
    const installed = run([
      "--db",
      chosen,
      "hermes",
      "install",
      "--hermes-home",
      hermesHome,
      "--json",
    ]);
    expect(installed.status).toBe(0);
    expect(JSON.parse(installed.stdout)).toMatchObject({ ok: true, registry: chosen });
    expect(bridgeJson()).toMatchObject({ registry: chosen });

    const [added, listed] = callPlugin();
    expect(added).toMatchObject({ ok: true, source: { name: "shop", path: repository } });
    expect(listed).toMatchObject({ ok: true, total: 1, sources: [{ name: "shop" }] });
    expect(sourcesIn(chosen)).toMatchObject({ total: 1, sources: [{ path: repository }] });
    expect(sourcesIn()).toMatchObject({ total: 0 });
  });

  it("GIVEN a relative --db WHEN installing THEN the recorded file is absolute, resolved where the command ran", () => {
    const { home, hermesHome, run, bridgeJson } = setUp();
    expect(run(["--db", "rel.db", "hermes", "install", "--hermes-home", hermesHome]).status).toBe(
      0,
    );
    expect(bridgeJson().registry).toBe(join(home, "rel.db"));
  });

  it("GIVEN no --db WHEN the plugin is installed and called THEN nothing is recorded and the source lands in OPENSPEC_AGENT_DB's file, as before", () => {
    const { hermesHome, repository, run, callPlugin, sourcesIn, bridgeJson } = setUp();
    const installed = run(["hermes", "install", "--hermes-home", hermesHome, "--json"]);
    expect(JSON.parse(installed.stdout)).not.toHaveProperty("registry");
    expect(bridgeJson()).not.toHaveProperty("registry");
    const [added] = callPlugin();
    expect(added).toMatchObject({ ok: true, source: { path: repository } });
    expect(sourcesIn()).toMatchObject({ total: 1, sources: [{ path: repository }] });
  });

  it("GIVEN an install with --db WHEN installing again without it THEN the record is dropped and the bridge goes back to the default", () => {
    const { home, hermesHome, run, bridgeJson } = setUp();
    run(["--db", join(home, "team.db"), "hermes", "install", "--hermes-home", hermesHome]);
    expect(bridgeJson()).toHaveProperty("registry");
    run(["hermes", "install", "--hermes-home", hermesHome]);
    expect(bridgeJson()).not.toHaveProperty("registry");
  });
});

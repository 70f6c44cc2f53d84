import { existsSync } from "node:fs";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import { isolatedEnvironment, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runInProcess } from "./test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

describe("hermes install says what it did and what is left", () => {
  it("GIVEN no Hermes home (Hermes not installed) WHEN hermes install runs THEN it warns that it created the folder and says to install Hermes; run again, it says to restart Hermes", async () => {
    const hermesHome = join(temporaryFolder("no-hermes-"), ".hermes");
    const { env } = isolatedEnvironment({ HERMES_HOME: hermesHome });
    const install = () => runInProcess(["hermes", "install"], toolCatalog, undefined, env);

    const first = await install();
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(
      `warning created ${hermesHome}, which did not exist: Hermes Agent does not seem to be installed for this user (if it uses another home, run again with --hermes-home or HERMES_HOME)`,
    );
    expect(first.stdout).toContain(
      `installed the plugin at ${join(hermesHome, "plugins/openspec")}`,
    );
    expect(first.stdout).toContain(
      "next  Install Hermes Agent, then start it: it loads the plugin from this home.",
    );
    expect(existsSync(join(hermesHome, "plugins/openspec/plugin.yaml"))).toBe(true);

    const again = await install();
    expect(again.stderr).toBe("");
    expect(again.stdout).toContain("next  Restart Hermes so it loads the plugin.");
  });

  it("GIVEN the plugin installed WHEN hermes uninstall runs twice THEN it says what it removed and to restart Hermes, then that there was nothing to remove, not JSON", async () => {
    const hermesHome = join(temporaryFolder("hermes-"), ".hermes");
    const { env } = isolatedEnvironment({ HERMES_HOME: hermesHome });
    const run = (command: string) => runInProcess(["hermes", command], toolCatalog, undefined, env);
    expect((await run("install")).code).toBe(0);

    const removed = await run("uninstall");
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(
      `removed the plugin at ${join(hermesHome, "plugins/openspec")}`,
    );
    expect(removed.stdout).toContain(
      "next  restart Hermes, if it is running, to unload the plugin",
    );
    expect(removed.stdout).not.toContain("{");

    const again = await run("uninstall");
    expect(again.stdout).toBe(`the plugin was not installed in ${hermesHome}; nothing to remove`);
  });
});

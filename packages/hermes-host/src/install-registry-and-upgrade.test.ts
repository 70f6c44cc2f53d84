import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { installHermesPlugin } from "./install-hermes-plugin.js";
import { packagePaths } from "./package-paths.js";
import { uninstallHermesPlugin } from "./uninstall-hermes-plugin.js";

afterEach(removeTemporaryFolders);

const bridgeJsonIn = (folder: string) =>
  JSON.parse(readFileSync(join(folder, "bridge.json"), "utf8"));

describe("installHermesPlugin: the registry file the bridge uses", () => {
  it("GIVEN registryPath WHEN installing a copy THEN bridge.json records it as an absolute path and the result names it", () => {
    const home = temporaryFolder("hermes-home-");
    const result = installHermesPlugin({ hermesHome: home, registryPath: "/srv/team/registry.db" });
    expect(result).toMatchObject({ ok: true, registry: "/srv/team/registry.db" });
    expect(bridgeJsonIn(join(home, "plugins", "openspec"))).toMatchObject({
      bridge: packagePaths.bridgeEntry,
      registry: "/srv/team/registry.db",
    });
  });

  it("GIVEN registryPath and link WHEN installing THEN the linked folder's bridge.json records it", () => {
    const home = temporaryFolder("hermes-home-");
    // A copy: a link install writes bridge.json into the folder it links (see install-hermes-plugin.test.ts).
    const pluginFolder = join(temporaryFolder("plugin-checkout-"), "openspec");
    cpSync(packagePaths.pluginFolder, pluginFolder, { recursive: true });

    expect(
      installHermesPlugin({
        hermesHome: home,
        link: true,
        pluginFolder,
        registryPath: "/srv/r.db",
      }),
    ).toMatchObject({ ok: true, mode: "link", registry: "/srv/r.db" });
    expect(bridgeJsonIn(join(home, "plugins", "openspec"))).toMatchObject({
      registry: "/srv/r.db",
    });
    expect(bridgeJsonIn(pluginFolder)).toMatchObject({ registry: "/srv/r.db" });
  });

  it("GIVEN no registryPath WHEN installing THEN bridge.json records none, so the bridge follows OPENSPEC_AGENT_DB or the default", () => {
    const home = temporaryFolder("hermes-home-");
    const result = installHermesPlugin({ hermesHome: home });
    expect(result).not.toHaveProperty("registry");
    expect(bridgeJsonIn(join(home, "plugins", "openspec"))).not.toHaveProperty("registry");
  });
});

describe("a plugin folder installed while the Hermes plugin app shipped the plugin folder", () => {
  /** The folder as an earlier install left it: its tools.json names @org/openspec-hermes-plugin as generator. */
  function installedEarlier(home: string): string {
    const folder = join(home, "plugins", "openspec");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "tools.json"),
      JSON.stringify({ generator: "@org/openspec-hermes-plugin", version: "0.0.0", tools: [] }),
    );
    writeFileSync(join(folder, "plugin.yaml"), "name: openspec\nversion: 0.0.0\n");
    writeFileSync(join(home, "config.yaml"), "plugins:\n  enabled: [openspec]\n");
    return folder;
  }

  it("GIVEN such a folder WHEN installing without force THEN it counts as ours and is replaced, not reported as a conflict", () => {
    const home = temporaryFolder("hermes-home-");
    const folder = installedEarlier(home);
    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({
      ok: true,
      // The earlier install enabled the plugin; the toolsets outside the default are left off now.
      done: [
        expect.stringContaining("replaced the plugin"),
        expect.stringContaining("off for cli"),
      ],
    });
    expect(JSON.parse(readFileSync(join(folder, "tools.json"), "utf8")).generator).toBe(
      "@org/openspec-hermes-host",
    );
    expect(existsSync(join(home, "plugin-backups"))).toBe(false);
  });

  it("GIVEN such a folder WHEN uninstalling THEN it is removed with its config entry", () => {
    const home = temporaryFolder("hermes-home-");
    const folder = installedEarlier(home);
    expect(uninstallHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true });
    expect(existsSync(folder)).toBe(false);
    expect(readFileSync(join(home, "config.yaml"), "utf8")).toContain("enabled: []");
  });

  it("GIVEN a link install that points at a plugin folder which is gone WHEN installing again THEN the dangling link is replaced by a working copy", () => {
    const home = temporaryFolder("hermes-home-");
    mkdirSync(join(home, "plugins"), { recursive: true });
    const pluginDir = join(home, "plugins", "openspec");
    symlinkSync(join(home, "gone", "packages", "hermes-host", "plugin", "openspec"), pluginDir);
    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true, mode: "copy" });
    expect(lstatSync(pluginDir).isDirectory()).toBe(true);
    expect(existsSync(join(pluginDir, "__init__.py"))).toBe(true);
  });
});

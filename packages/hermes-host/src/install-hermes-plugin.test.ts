import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { installHermesPlugin } from "./install-hermes-plugin.js";
import { packagePaths } from "./package-paths.js";
import { uninstallHermesPlugin } from "./uninstall-hermes-plugin.js";

afterEach(removeTemporaryFolders);

/** The files of the plugin folder the installer puts in place, beside skills/ and bridge.json. */
const PLUGIN_FILES = ["plugin.yaml", "__init__.py", "bridge.py", "tools.json"];

const USER_CONFIG = `# Hermes settings, kept by hand.
model:
  default: some-model # the one I like

plugins:
  # Plugins I trust.
  enabled:
    - weather # forecasts
    - kanban
  disabled:
    - noisy
toolsets:
  - hermes-cli
`;

function hermesHomeWith(config?: string): string {
  const home = temporaryFolder("hermes-home-");
  if (config !== undefined) writeFileSync(join(home, "config.yaml"), config);
  return home;
}

const configOf = (home: string) => readFileSync(join(home, "config.yaml"), "utf8");

/** What the installer appends for the `cli` platform: the toolsets outside the default, left off. */
const OPTIONAL_OFF = `known_plugin_toolsets:
  cli:
    - openspec-specs
    - openspec-ideas
    - openspec-sequencing
    - openspec-sources
    - openspec-cli
`;
const OPTIONAL = [
  "openspec-specs",
  "openspec-ideas",
  "openspec-sequencing",
  "openspec-sources",
  "openspec-cli",
];

/** The older Python OpenSpec plugin: its folder and its SQLite source registry. */
function installOlderPythonPlugin(home: string): string {
  const folder = join(home, "plugins", "openspec");
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, "plugin.yaml"),
    "name: openspec\nversion: 0.3.0\ndescription: OpenSpec tools\n",
  );
  writeFileSync(join(folder, "__init__.py"), "def register(ctx):\n    pass\n");
  const database = join(home, "openspec.db");
  const created = spawnSync("python3", [
    "-c",
    "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"CREATE TABLE openspec_sources (token TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', path TEXT NOT NULL, created_at REAL NOT NULL)\"); c.execute(\"INSERT INTO openspec_sources VALUES ('os_abc123', 'shop', '/srv/shop', 1700000000.0)\"); c.commit()",
    database,
  ]);
  if (created.status !== 0) throw new Error(created.stderr.toString());
  return database;
}

describe("installHermesPlugin", () => {
  it("GIVEN a config.yaml with comments and other plugins WHEN installing THEN the plugin is copied, bridge.json says where the bridge and node are, and only openspec is added to the config", () => {
    const home = hermesHomeWith(USER_CONFIG);
    const result = installHermesPlugin({ hermesHome: home });
    expect(result).toMatchObject({
      ok: true,
      mode: "copy",
      plugin_dir: join(home, "plugins", "openspec"),
    });
    expect(readdirSync(join(home, "plugins", "openspec")).sort()).toEqual(
      [...PLUGIN_FILES, "skills", "bridge.json"].sort(),
    );
    expect(
      JSON.parse(readFileSync(join(home, "plugins", "openspec", "bridge.json"), "utf8")),
    ).toMatchObject({
      bridge: packagePaths.bridgeEntry,
      node: process.execPath,
    });
    expect(configOf(home)).toBe(
      `${USER_CONFIG.replace("    - kanban\n", "    - kanban\n    - openspec\n")}${OPTIONAL_OFF}`,
    );
  });

  it("GIVEN an installed plugin WHEN installing again THEN the copy is refreshed and the config is not touched", () => {
    const home = hermesHomeWith(USER_CONFIG);
    installHermesPlugin({ hermesHome: home });
    const configAfterFirst = configOf(home);
    const again = installHermesPlugin({ hermesHome: home });
    expect(again).toMatchObject({
      ok: true,
      done: [expect.stringContaining("replaced the plugin")],
    });
    expect(configOf(home)).toBe(configAfterFirst);
    expect(existsSync(join(home, "plugins", "openspec", "tools.json"))).toBe(true);
  });

  it("GIVEN a Hermes home without config.yaml WHEN installing THEN config.yaml is created enabling openspec", () => {
    const home = hermesHomeWith();
    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true });
    expect(parse(configOf(home))).toEqual({
      plugins: { enabled: ["openspec"] },
      known_plugin_toolsets: { cli: OPTIONAL },
    });
  });

  it("GIVEN Hermes turns on a plugin's toolsets unless known_plugin_toolsets lists them WHEN installing THEN every platform config.yaml names gets the toolsets outside the default, and a toolset the user already chose is left as it is", () => {
    const home = hermesHomeWith(
      "platform_toolsets:\n  telegram: [hermes-telegram, openspec-sources]\nknown_plugin_toolsets:\n  telegram: [openspec-sources]\n",
    );
    const result = installHermesPlugin({ hermesHome: home });
    expect(result).toMatchObject({
      ok: true,
      done: expect.arrayContaining([expect.stringContaining("off for cli, telegram")]),
    });
    const config = parse(configOf(home));
    expect(config.known_plugin_toolsets).toEqual({
      telegram: [
        "openspec-sources",
        "openspec-specs",
        "openspec-ideas",
        "openspec-sequencing",
        "openspec-cli",
      ],
      cli: OPTIONAL,
    });
    // The user's choice of openspec-sources on telegram stands: Hermes turns on what the saved list names.
    expect(config.platform_toolsets).toEqual({ telegram: ["hermes-telegram", "openspec-sources"] });
    // No default toolset is listed, so Hermes turns read, author and lifecycle on.
    for (const list of Object.values(config.known_plugin_toolsets as Record<string, string[]>)) {
      for (const name of ["openspec-read", "openspec-author", "openspec-lifecycle"]) {
        expect(list).not.toContain(name);
      }
    }
    // Without the plugin its toolsets mean nothing to Hermes: uninstalling forgets them all,
    // while the saved platform list keeps the user's own choice for a later install.
    uninstallHermesPlugin({ hermesHome: home });
    expect(parse(configOf(home))).toEqual({
      plugins: { enabled: [] },
      platform_toolsets: { telegram: ["hermes-telegram", "openspec-sources"] },
    });
  });

  it("GIVEN a Hermes home that does not exist (Hermes not installed) WHEN installing THEN it says it created the folder and that Hermes must be installed, and an existing home is told to restart Hermes", () => {
    const home = join(temporaryFolder("no-hermes-"), ".hermes");
    const first = installHermesPlugin({ hermesHome: home });
    expect(first).toMatchObject({
      ok: true,
      hermes_found: false,
      done: [
        `created ${home}, which did not exist: Hermes Agent does not seem to be installed for this user (if it uses another home, run again with --hermes-home or HERMES_HOME)`,
        expect.stringContaining("installed the plugin"),
        expect.anything(),
      ],
      next: "Install Hermes Agent, then start it: it loads the plugin from this home.",
    });

    const again = installHermesPlugin({ hermesHome: home });
    expect(again).toMatchObject({
      ok: true,
      hermes_found: true,
      next: "Restart Hermes so it loads the plugin.",
    });
    expect(again.ok && again.done.join(" ")).not.toContain("did not exist");
  });

  it("GIVEN HERMES_HOME and no option WHEN installing THEN it installs into HERMES_HOME", () => {
    const home = hermesHomeWith();
    expect(installHermesPlugin({ env: { HERMES_HOME: home } })).toMatchObject({
      ok: true,
      hermes_home: home,
    });
    expect(existsSync(join(home, "plugins", "openspec", "__init__.py"))).toBe(true);
  });

  it("GIVEN openspec in plugins.disabled WHEN installing THEN it is taken off the deny-list, which would win over enabled", () => {
    const home = hermesHomeWith("plugins:\n  enabled: [weather]\n  disabled: [openspec, noisy]\n");
    const result = installHermesPlugin({ hermesHome: home });
    expect(result).toMatchObject({
      ok: true,
      done: expect.arrayContaining([
        expect.stringContaining("removed openspec from plugins.disabled"),
      ]),
    });
    expect(configOf(home)).toBe(
      `plugins:\n  enabled: [ weather, openspec ]\n  disabled: [ noisy ]\n${OPTIONAL_OFF}`,
    );
  });

  it("GIVEN a config.yaml whose plugins key is empty WHEN installing THEN plugins.enabled is created under it and the comment stays", () => {
    const home = hermesHomeWith("# mine\nplugins:\nmodel: x\n");
    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true });
    expect(configOf(home)).toBe(
      `# mine\nplugins:\n  enabled:\n    - openspec\nmodel: x\n${OPTIONAL_OFF}`,
    );
  });

  it("GIVEN a config.yaml that is not valid YAML WHEN installing THEN it fails with config_invalid and installs nothing", () => {
    const home = hermesHomeWith("plugins: [unclosed\n");
    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({
      ok: false,
      code: "config_invalid",
    });
    expect(existsSync(join(home, "plugins"))).toBe(false);
  });

  it("GIVEN plugins.enabled that is not a list WHEN installing THEN it fails with config_invalid", () => {
    const home = hermesHomeWith("plugins:\n  enabled: everything\n");
    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({
      ok: false,
      code: "config_invalid",
      error: expect.stringContaining("plugins.enabled"),
    });
  });

  it("GIVEN the older Python OpenSpec plugin in plugins/openspec WHEN installing THEN it stops with plugin_conflict, leaves everything as it was and offers to import its sources", () => {
    const home = hermesHomeWith(USER_CONFIG);
    const database = installOlderPythonPlugin(home);
    const result = installHermesPlugin({ hermesHome: home });
    expect(result).toMatchObject({
      ok: false,
      code: "plugin_conflict",
      error: expect.stringContaining("version 0.3.0"),
      legacy_db: database,
      fix: expect.stringContaining(`openspec-agent sources import --hermes-db ${database}`),
    });
    expect(result.ok === false && result.fix).toContain("--force");
    expect(readdirSync(join(home, "plugins", "openspec")).sort()).toEqual([
      "__init__.py",
      "plugin.yaml",
    ]);
    expect(configOf(home)).toBe(USER_CONFIG);
  });

  it("GIVEN a plain file where the plugin folder goes WHEN installing THEN it stops with plugin_conflict and the file stays", () => {
    const home = hermesHomeWith();
    mkdirSync(join(home, "plugins"));
    writeFileSync(join(home, "plugins", "openspec"), "notes");
    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({
      ok: false,
      code: "plugin_conflict",
    });
    expect(readFileSync(join(home, "plugins", "openspec"), "utf8")).toBe("notes");
  });

  it("GIVEN the older plugin WHEN installing with force THEN it is moved out of plugins/ and ours is installed, with the import still offered", () => {
    const home = hermesHomeWith(USER_CONFIG);
    const database = installOlderPythonPlugin(home);
    const result = installHermesPlugin({ hermesHome: home, force: true });
    expect(result).toMatchObject({
      ok: true,
      moved_aside: expect.stringContaining(join(home, "plugin-backups", "openspec-")),
      legacy_db: database,
      fix: `Import the sources the older OpenSpec plugin registered: openspec-agent sources import --hermes-db ${database}`,
    });
    expect(
      result.ok && readFileSync(join(result.moved_aside ?? "", "plugin.yaml"), "utf8"),
    ).toContain("0.3.0");
    expect(readdirSync(join(home, "plugins"))).toEqual(["openspec"]);
    expect(existsSync(join(home, "plugins", "openspec", "tools.json"))).toBe(true);
  });

  it("GIVEN link WHEN installing THEN plugins/openspec is a symlink to the plugin folder, and uninstall removes only the link", () => {
    const home = hermesHomeWith(USER_CONFIG);
    // A copy: a link install writes bridge.json into the folder it links, and this package's own
    // folder is read by whatever packs the workspace meanwhile (the release checks, the README's pack).
    const pluginFolder = join(temporaryFolder("plugin-checkout-"), "openspec");
    cpSync(packagePaths.pluginFolder, pluginFolder, { recursive: true });

    expect(installHermesPlugin({ hermesHome: home, link: true, pluginFolder })).toMatchObject({
      ok: true,
      mode: "link",
    });
    const pluginDir = join(home, "plugins", "openspec");
    expect(lstatSync(pluginDir).isSymbolicLink()).toBe(true);
    expect(readlinkSync(pluginDir)).toBe(pluginFolder);
    expect(installHermesPlugin({ hermesHome: home, pluginFolder })).toMatchObject({
      ok: true,
      mode: "copy",
    });
    expect(lstatSync(pluginDir).isDirectory()).toBe(true);
    expect(installHermesPlugin({ hermesHome: home, link: true, pluginFolder })).toMatchObject({
      ok: true,
      mode: "link",
    });
    expect(uninstallHermesPlugin({ hermesHome: home })).toMatchObject({
      ok: true,
      done: expect.arrayContaining([expect.stringContaining("removed the link")]),
    });
    expect(existsSync(pluginDir)).toBe(false);
    expect(existsSync(join(pluginFolder, "__init__.py"))).toBe(true);
  });
});

describe("uninstallHermesPlugin", () => {
  it("GIVEN an install into a commented config WHEN uninstalling THEN the folder is gone and config.yaml is exactly as before the install", () => {
    const home = hermesHomeWith(USER_CONFIG);
    installHermesPlugin({ hermesHome: home });
    const result = uninstallHermesPlugin({ hermesHome: home });
    expect(result).toMatchObject({
      ok: true,
      done: [
        expect.stringContaining("removed the plugin"),
        expect.stringContaining("removed openspec from plugins.enabled"),
      ],
    });
    expect(existsSync(join(home, "plugins", "openspec"))).toBe(false);
    expect(configOf(home)).toBe(USER_CONFIG);
  });

  it("GIVEN nothing installed WHEN uninstalling twice THEN both succeed and change nothing", () => {
    const home = hermesHomeWith(USER_CONFIG);
    expect(uninstallHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true, done: [] });
    expect(uninstallHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true, done: [] });
    expect(configOf(home)).toBe(USER_CONFIG);
  });

  it("GIVEN openspec was the only enabled plugin WHEN uninstalling THEN plugins.enabled stays as an empty list", () => {
    const home = hermesHomeWith();
    installHermesPlugin({ hermesHome: home });
    uninstallHermesPlugin({ hermesHome: home });
    expect(parse(configOf(home))).toEqual({ plugins: { enabled: [] } });
  });

  it("GIVEN another plugin in plugins/openspec WHEN uninstalling THEN it fails with plugin_conflict and leaves the plugin and config alone", () => {
    const home = hermesHomeWith(
      USER_CONFIG.replace("    - kanban\n", "    - kanban\n    - openspec\n"),
    );
    installOlderPythonPlugin(home);
    const before = configOf(home);
    expect(uninstallHermesPlugin({ hermesHome: home })).toMatchObject({
      ok: false,
      code: "plugin_conflict",
    });
    expect(existsSync(join(home, "plugins", "openspec", "plugin.yaml"))).toBe(true);
    expect(configOf(home)).toBe(before);
  });
});

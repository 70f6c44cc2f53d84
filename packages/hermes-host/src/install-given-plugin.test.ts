import { existsSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { installHermesPlugin } from "./install-hermes-plugin.js";
import { renderPluginFolder } from "./render-plugin-folder.js";

afterEach(removeTemporaryFolders);

/** A plugin folder other than this package's (one under development): the generated files, and a Python side of its own. */
function pluginFolderOfAnApp(): string {
  const folder = temporaryFolder("plugin-app-");
  writeFiles(folder, {
    ...renderPluginFolder(),
    "__init__.py": "# the app's plugin entry\n",
    "bridge.py": "# the app's bridge client\n",
  });
  return folder;
}

describe("installHermesPlugin with a plugin folder the caller names", () => {
  it("GIVEN an app's plugin folder and version WHEN installed THEN the copy holds that folder's files and carries that version in plugin.yaml, each skill and bridge.json", () => {
    const pluginFolder = pluginFolderOfAnApp();
    const home = temporaryFolder("hermes-home-");
    expect(installHermesPlugin({ pluginFolder, version: "9.8.7", hermesHome: home })).toMatchObject(
      {
        ok: true,
        mode: "copy",
      },
    );
    const installed = join(home, "plugins", "openspec");
    expect(readFileSync(join(installed, "__init__.py"), "utf8")).toBe("# the app's plugin entry\n");
    expect(parse(readFileSync(join(installed, "plugin.yaml"), "utf8")).version).toBe("9.8.7");
    expect(readFileSync(join(installed, "skills", "propose", "SKILL.md"), "utf8")).toContain(
      'version: "9.8.7"',
    );
    expect(JSON.parse(readFileSync(join(installed, "bridge.json"), "utf8"))).toMatchObject({
      installed_by: "@org/openspec-hermes-host",
      version: "9.8.7",
    });
  });

  it("GIVEN an app's plugin folder WHEN installed with link THEN the Hermes home links to that folder, and its bridge.json is written there", () => {
    const pluginFolder = pluginFolderOfAnApp();
    const home = temporaryFolder("hermes-home-");
    expect(
      installHermesPlugin({ pluginFolder, version: "9.8.7", hermesHome: home, link: true }),
    ).toMatchObject({ ok: true, mode: "link" });
    expect(readlinkSync(join(home, "plugins", "openspec"))).toBe(pluginFolder);
    expect(JSON.parse(readFileSync(join(pluginFolder, "bridge.json"), "utf8")).version).toBe(
      "9.8.7",
    );
  });

  it("GIVEN a plugin folder missing a file WHEN installed THEN it answers plugin_not_built naming that file, and nothing is placed", () => {
    const incomplete = temporaryFolder("plugin-app-");
    writeFiles(incomplete, { "plugin.yaml": renderPluginFolder()["plugin.yaml"] ?? "" });
    const home = temporaryFolder("hermes-home-");
    const result = installHermesPlugin({
      pluginFolder: incomplete,
      version: "1.0.0",
      hermesHome: home,
    });
    expect(result).toMatchObject({
      ok: false,
      code: "plugin_not_built",
      error: expect.stringContaining(join(incomplete, "__init__.py")),
    });
    expect(existsSync(join(home, "plugins", "openspec"))).toBe(false);
  });
});

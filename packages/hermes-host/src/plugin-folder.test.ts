import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packagePaths } from "./package-paths.js";
import { renderPluginFolder } from "./render-plugin-folder.js";

const STALE =
  "is out of date with the tool catalog: run `pnpm --filter @org/openspec-hermes-host... build` and commit it";

describe("the plugin folder this package ships", () => {
  it("GIVEN the tool catalog and its workflows WHEN the plugin folder is rendered from them THEN every committed file (tools.json, plugin.yaml, each SKILL.md) is identical", () => {
    for (const [file, content] of Object.entries(renderPluginFolder())) {
      expect(readFileSync(join(packagePaths.pluginFolder, file), "utf8"), `${file} ${STALE}`).toBe(
        content,
      );
    }
  });

  it("GIVEN the plugin's skills folder THEN it holds exactly one folder per rendered skill, so no skill of a removed workflow is registered", () => {
    const rendered = Object.keys(renderPluginFolder())
      .filter((file) => file.startsWith("skills/"))
      .map((file) => file.split("/")[1]);
    expect(readdirSync(join(packagePaths.pluginFolder, "skills")).sort()).toEqual(rendered.sort());
  });
});

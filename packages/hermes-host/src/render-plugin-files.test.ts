import { toolCatalog, toolInputJsonSchema } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { hermesToolsetOf, renderPluginYaml, renderToolsJson } from "./render-plugin-files.js";
import { renderPluginFolder } from "./render-plugin-folder.js";
import { versionedPluginFiles } from "./versioned-plugin-files.js";

// What the plugin app's build writes into its plugin folder (the app's tests hold the committed folder to it).
const committed = (file: string) => renderPluginFolder()[file] ?? "";

describe("the plugin folder rendered from the catalog", () => {
  it("GIVEN the tool catalog WHEN the plugin folder is rendered THEN its tools.json and plugin.yaml are the catalog's, rendered without a version", () => {
    expect(committed("tools.json")).toBe(renderToolsJson(toolCatalog));
    expect(committed("plugin.yaml")).toBe(renderPluginYaml(toolCatalog));
  });

  it("GIVEN tools.json WHEN read as the Python plugin does THEN every catalog tool is there with its description, CLI flag and JSON Schema", () => {
    const { tools } = JSON.parse(committed("tools.json")) as { tools: Record<string, unknown>[] };
    expect(tools).toEqual(
      toolCatalog.map((tool) => ({
        name: tool.name,
        description: tool.description,
        requiresCli: tool.requiresCli,
        toolset: hermesToolsetOf(tool.name),
        parameters: toolInputJsonSchema(tool),
      })),
    );
    expect(tools.every((tool) => (tool.parameters as { type?: string }).type === "object")).toBe(
      true,
    );
  });

  it("GIVEN the catalog's toolsets WHEN tools.json is rendered THEN each group is one Hermes toolset, so hermes tools enables and disables it", () => {
    const { tools } = JSON.parse(committed("tools.json")) as {
      tools: { name: string; toolset: string }[];
    };
    const groups = new Map<string, string[]>();
    for (const tool of tools)
      groups.set(tool.toolset, [...(groups.get(tool.toolset) ?? []), tool.name]);
    expect([...groups.keys()]).toEqual([
      "openspec-read",
      "openspec-author",
      "openspec-specs",
      "openspec-ideas",
      "openspec-lifecycle",
      "openspec-sequencing",
      "openspec-sources",
      "openspec-cli",
    ]);
    expect(groups.get("openspec-lifecycle")).toContain("openspec_change_archive");
    expect(groups.get("openspec-cli")).toContain("openspec_cli");
    expect(groups.get("openspec-read")).toContain("openspec_context");
  });

  it("GIVEN plugin.yaml WHEN read as Hermes does THEN it names the plugin openspec, standalone, with every tool", () => {
    expect(parse(committed("plugin.yaml"))).toEqual({
      name: "openspec",
      description: expect.any(String),
      kind: "standalone",
      provides_tools: toolCatalog.map((tool) => tool.name),
    });
  });

  // A version in a committed file went stale with the first `changeset version`,
  // which bumps package.json without a build, and the freshness check then failed.
  it("GIVEN a release that bumps the version WHEN the files the build writes are compared THEN none of them names a version, and an installed copy's plugin.yaml carries the one it is given", () => {
    for (const file of ["tools.json", "plugin.yaml"]) {
      expect(committed(file)).not.toMatch(/"?version"?\s*:/);
    }
    expect(parse(versionedPluginFiles("9.8.7")["plugin.yaml"] ?? "")).toEqual({
      ...parse(committed("plugin.yaml")),
      version: "9.8.7",
    });
    expect(Object.keys(versionedPluginFiles("9.8.7"))).not.toContain("tools.json");
  });
});

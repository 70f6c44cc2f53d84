import { describe, expect, it } from "vitest";
import { defaultRegistryPath } from "./default-registry-path.js";

const home = "/home/ada";

describe("defaultRegistryPath", () => {
  it("GIVEN no variables WHEN asking THEN the file is under ~/.local/share", () => {
    expect(defaultRegistryPath({ env: {}, home })).toBe(
      "/home/ada/.local/share/openspec-agent/registry.db",
    );
  });

  it("GIVEN XDG_DATA_HOME WHEN asking THEN the file is under it", () => {
    expect(defaultRegistryPath({ env: { XDG_DATA_HOME: "/data" }, home })).toBe(
      "/data/openspec-agent/registry.db",
    );
  });

  it.each([
    ["empty", ""],
    ["relative", "data"],
  ])("GIVEN an %s XDG_DATA_HOME WHEN asking THEN it is ignored", (_, value) => {
    expect(defaultRegistryPath({ env: { XDG_DATA_HOME: value }, home })).toBe(
      "/home/ada/.local/share/openspec-agent/registry.db",
    );
  });

  it("GIVEN OPENSPEC_AGENT_DB and XDG_DATA_HOME WHEN asking THEN OPENSPEC_AGENT_DB wins with ~ expanded", () => {
    const env = { OPENSPEC_AGENT_DB: "~/agents/sources.db", XDG_DATA_HOME: "/data" };

    expect(defaultRegistryPath({ env, home })).toBe("/home/ada/agents/sources.db");
  });

  it("GIVEN an empty OPENSPEC_AGENT_DB WHEN asking THEN it counts as unset", () => {
    expect(defaultRegistryPath({ env: { OPENSPEC_AGENT_DB: "" }, home })).toBe(
      "/home/ada/.local/share/openspec-agent/registry.db",
    );
  });
});

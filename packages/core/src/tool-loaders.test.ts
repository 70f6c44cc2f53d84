import { describe, expect, it } from "vitest";
import { toolCatalog } from "./tool-catalog.js";
import { toolForCommand } from "./tool-for-command.js";
import { toolLoaders } from "./tool-loaders.js";

describe("the tool loaders a shell command uses instead of the catalog", () => {
  it("GIVEN a tool added to or renamed in the catalog WHEN its loader is not written out beside it THEN this fails naming it", () => {
    expect(toolLoaders.map((loader) => loader.name)).toEqual(toolCatalog.map((tool) => tool.name));
  });

  it("GIVEN each loader WHEN it loads THEN it gives the catalog's own definition, and its command words are the definition's and its variants'", async () => {
    for (const [index, loader] of toolLoaders.entries()) {
      const tool = await loader.load();
      expect(tool).toBe(toolCatalog[index]);
      expect(loader.commands).toEqual([
        tool.presentation.command,
        ...(tool.presentation.variants ?? []).map((variant) => variant.command),
      ]);
    }
  });

  it("GIVEN a command line WHEN its first words name a tool command or variant THEN that tool is found, and nothing otherwise", () => {
    expect(toolForCommand(["context", "shop", "--json"])?.name).toBe("openspec_context");
    expect(toolForCommand(["list"])?.name).toBe("openspec_list");
    expect(toolForCommand(["task", "list", "x"])?.name).toBe("openspec_task_list");
    expect(toolForCommand(["task", "done", "x", "1.1"])?.name).toBe("openspec_task_set_status");
    expect(toolForCommand(["sources", "add", "."])?.name).toBe("openspec_source_add");
    expect(toolForCommand(["task"])).toBeUndefined();
    expect(toolForCommand(["spec", "bogus"])).toBeUndefined();
    expect(toolForCommand(["--json", "context", "shop"])).toBeUndefined();
    expect(toolForCommand(["help", "context"])).toBeUndefined();
    expect(toolForCommand([])).toBeUndefined();
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fissionOpenSpecFixture, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import type { ResultBlock } from "../tool-presentation.js";
import { specShowTool } from "./spec-show-tool.js";

afterEach(cleanUp);

describe("openspec_spec_show: a list nested under a scenario step", () => {
  it("GIVEN OpenSpec's own cli-list spec WHEN Task Counting is shown THEN its THEN step keeps Completed and Incomplete, in steps[] and in the readable view", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const text = readFileSync(
      join(fissionOpenSpecFixture, "openspec/specs/cli-list/spec.md"),
      "utf8",
    );
    const workdir = makeOpenSpecRepository({ "openspec/specs/cli-list/spec.md": text });

    const shown = await catalog.call("openspec_spec_show", { workdir, name: "cli-list" });

    expect(shown.ok).toBe(true);
    if (!shown.ok) return;
    const counting = (
      shown as unknown as {
        requirements: { name: string; scenarios: { steps: { type: string; text: string }[] }[] }[];
      }
    ).requirements.find((requirement) => requirement.name === "Task Counting");
    expect(counting?.scenarios[0]?.steps[1]).toEqual({
      type: "THEN",
      text: "count tasks matching these patterns:\n- Completed: Lines containing `- [x]`\n- Incomplete: Lines containing `- [ ]`",
    });
    const view = specShowTool.presentation
      .render(shown as Parameters<typeof specShowTool.presentation.render>[0])
      .map((block: ResultBlock) => ("text" in block ? block.text : ""))
      .join("\n");
    expect(view).toContain(
      "    THEN count tasks matching these patterns:\n      - Completed: Lines containing `- [x]`\n      - Incomplete: Lines containing `- [ ]`\n    AND calculate total tasks",
    );
  });
});

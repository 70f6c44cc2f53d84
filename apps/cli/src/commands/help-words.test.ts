import { toolCatalog } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runInProcess } from "../test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

const help = async (...command: string[]) =>
  (await runInProcess([...command, "--help"], toolCatalog)).stdout.replace(/\s+/g, " ");

describe("help in words a person reads, not the field's name again", () => {
  it("GIVEN list WHEN its help is asked THEN --limit, --offset and --engine say what they do, and --workdir reads as sentences", async () => {
    const text = await help("list");
    expect(text).not.toMatch(/--limit <n> limit\b/);
    expect(text).not.toMatch(/--offset <n> offset\b/);
    expect(text).toContain("--limit <n> How many entries to show");
    expect(text).toContain("--offset <n> How many entries to skip");
    expect(text).toContain("--engine <value> Who reads the repository");
    expect(text).toContain("Absolute path. From the shell, a relative path");
  });

  it("GIVEN show, idea create and validate WHEN their help is asked THEN --no-scenarios, --tags, --notes and --detail have words of their own", async () => {
    expect(await help("show")).toContain("--no-scenarios Leave the scenarios out.");
    const idea = await help("idea", "create");
    expect(idea).toContain("--tags <json> Labels for the idea.");
    expect(idea).toContain("--notes <value> Free text kept with the idea.");
    expect(await help("validate")).toContain("--detail <value> How much to show");
  });

  it("GIVEN idea create WHEN its help is asked THEN the required --prompt is marked required", async () => {
    expect(await help("idea", "create")).toContain("--prompt <value> Verbatim. (required)");
  });

  it("GIVEN change create WHEN its help is asked THEN --specs and --what-changes say the JSON they take", async () => {
    const text = await help("change", "create");
    expect(text).toContain(
      "--specs <json> One per capability. (a JSON array of {name, purpose?, added?, modified?, removed?, renamed?};",
    );
    expect(text).toContain(
      "--what-changes <json> The bullets of What Changes, one string each. (a JSON array of strings;",
    );
  });
});

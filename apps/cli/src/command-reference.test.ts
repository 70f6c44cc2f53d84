import { readFileSync } from "node:fs";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { commandReference } from "./command-reference.js";

const README = join(import.meta.dirname, "..", "README.md");

describe("the README's command reference", () => {
  it("WHEN the catalog changes THEN the section between the commands markers still holds the generated reference (pnpm generate-docs)", () => {
    const readme = readFileSync(README, "utf8");
    const section = /<!-- commands:start -->\n([\s\S]*?)\n<!-- commands:end -->/.exec(readme);
    expect(section?.[1]).toContain(commandReference(toolCatalog));
  });

  it("WHEN the reference is made THEN each tool has one row with its arguments and flags", () => {
    const rows = commandReference(toolCatalog).split("\n").slice(2);
    expect(rows).toHaveLength(toolCatalog.length);
    expect(rows).toContain(
      "| `validate` | `[target]` | `-s, --source <value>` `-w, --workdir <value>` `--type <change\\|spec>` `--scope <all\\|changes\\|specs>` `--all` `--changes` `--specs` | `openspec_validate` |",
    );
  });
});

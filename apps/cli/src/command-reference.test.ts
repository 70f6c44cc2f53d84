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

  it("WHEN the reference is made THEN each tool and each variant command has one row with its arguments and flags", () => {
    const rows = commandReference(toolCatalog).split("\n").slice(2);
    const variants = toolCatalog.flatMap((tool) => tool.presentation.variants ?? []);
    expect(rows).toHaveLength(toolCatalog.length + variants.length);
    expect(rows).toContain(
      "| `task done` | `[change] [ids...]` | `-s, --source <value>` `-w, --workdir <value>` `-c, --change <value>` | `openspec_task_set_status` with done: true |",
    );
    expect(rows).toContain(
      "| `validate` | `[target]` | `-s, --source <value>` `-w, --workdir <value>` `--target <value>` `--type <change\\|spec>` `--scope <all\\|changes\\|specs>` `--limit <n>` `--offset <n>` `--detail <summary\\|full>` `--all` `--changes` `--specs` | `openspec_validate` |",
    );
  });
});

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REAL_OPENSPEC_BIN } from "@org/test-kit";

/**
 * The pinned CLI's own `spec-driven/schema.yaml` with the body of every
 * instruction block replaced, as a team keeps it in
 * `openspec/schemas/spec-driven/` to give agents its own guidance; `edit`
 * changes the text further.
 */
export function rewordedBuiltinSchema(edit: (text: string) => string = (text) => text): string {
  const path = join(dirname(dirname(REAL_OPENSPEC_BIN)), "schemas", "spec-driven", "schema.yaml");
  const lines = readFileSync(path, "utf8").split("\n");
  const reworded: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    reworded.push(line);
    const block = /^( *)instruction: \|$/.exec(line);
    if (block === null) continue;
    const indent = block[1]!.length;
    while (index + 1 < lines.length && /^ *$|^ +/.test(lines[index + 1]!)) {
      const next = lines[index + 1]!;
      if (next.trim() !== "" && /^ */.exec(next)![0].length <= indent) break;
      index += 1;
    }
    reworded.push(
      `${" ".repeat(indent + 2)}Follow the team's guide: **one** requirement per change.`,
      "",
    );
  }
  return edit(reworded.join("\n"));
}

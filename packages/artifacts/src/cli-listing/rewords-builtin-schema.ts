import { realpathSync } from "node:fs";
import { readRegularFile } from "../read-regular-file.js";

/** A schema file is a few kilobytes (the built-in one 14 KB); a larger one is left to the CLI. */
const MAX_SCHEMA_BYTES = 64 * 1024;

/**
 * The lines of the built-in `spec-driven/schema.yaml` of the pinned CLI
 * (1.13.2) with the body of each `instruction: |` block left out:
 * everything `openspec list` and `openspec status` read of it, as written.
 */
const SPEC_DRIVEN_SKELETON = [
  "name: spec-driven",
  "version: 1",
  "description: Default OpenSpec workflow - proposal → specs → design → tasks",
  "artifacts:",
  "  - id: proposal",
  "    generates: proposal.md",
  "    description: Initial proposal document outlining the change",
  "    template: proposal.md",
  "    instruction: |",
  "    requires: []",
  "",
  "  - id: specs",
  '    generates: "specs/**/*.md"',
  "    description: Detailed specifications for the change",
  "    template: spec.md",
  "    instruction: |",
  "    requires:",
  "      - proposal",
  "",
  "  - id: design",
  "    generates: design.md",
  "    description: Technical design document with implementation details",
  "    template: design.md",
  "    instruction: |",
  "    requires:",
  "      - proposal",
  "",
  "  - id: tasks",
  "    generates: tasks.md",
  "    description: Implementation checklist with trackable tasks",
  "    template: tasks.md",
  "    instruction: |",
  "    requires:",
  "      - specs",
  "      - design",
  "",
  "apply:",
  "  requires: [tasks]",
  "  tracks: tasks.md",
  "  instruction: |",
];

/** An `instruction:` key whose value is a literal or folded block: its body is a string, whatever it says. */
const INSTRUCTION_BLOCK = /^( *)instruction: *[|>][-+1-9]*$/;

/** Indentation in YAML's sense: spaces only. */
const indentOf = (line: string) => /^ */.exec(line)![0].length;

/**
 * The lines of a schema with each instruction block's body left out, or null
 * when a body is not one YAML reads as plain text of that block (a line less
 * indented than its first, or a blank line of spaces past that indent).
 */
function skeletonOf(text: string): string[] | null {
  const lines = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    kept.push(line);
    const block = INSTRUCTION_BLOCK.exec(line);
    if (block === null) continue;
    const keyIndent = block[1]!.length;
    let bodyIndent: number | null = null;
    while (index + 1 < lines.length) {
      const next = lines[index + 1]!;
      const blank = /^ *$/.test(next);
      if (!blank && !/^ /.test(next)) break;
      if (!blank && indentOf(next) <= keyIndent) break;
      if (!blank) {
        bodyIndent ??= indentOf(next);
        if (indentOf(next) < bodyIndent) return null;
      } else if (next.length > (bodyIndent ?? keyIndent + 1)) {
        return null;
      }
      index += 1;
    }
  }
  return kept;
}

/**
 * Whether a project or user `schemas/spec-driven/schema.yaml` is the built-in
 * schema with nothing changed but the text of its instructions: a copy kept
 * in the repository so its guidance can be edited. `openspec list` and
 * `openspec status` then answer exactly as with the built-in one, since
 * neither reads instructions or templates. The check compares lines, in one
 * pass, without a YAML parser, whose time on a hostile file of a few dozen
 * kilobytes (thousands of keys or aliases) runs to seconds: every line outside
 * the instruction blocks must be the built-in one's, and each block a `|` or
 * `>` block, so its body is a string the CLI accepts. Anything else, a file
 * that cannot be read within the cap included, is not. With `insideRoot`, a
 * file whose real path fails it (a link out of the repository) is not read,
 * and is not either.
 */
export function rewordsBuiltinSchema(
  path: string,
  insideRoot?: (realPath: string) => boolean,
): boolean {
  // The real path first, on every platform; the opened handle's path again
  // where /proc tells it (Linux), so a folder swapped for a link in between is caught too.
  if (insideRoot !== undefined) {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return false;
    }
    if (!insideRoot(real)) return false;
  }
  const read = readRegularFile(path, MAX_SCHEMA_BYTES, insideRoot);
  if (!read.ok || read.truncated) return false;
  const skeleton = skeletonOf(read.text);
  return (
    skeleton !== null &&
    skeleton.length === SPEC_DRIVEN_SKELETON.length &&
    skeleton.every((line, index) => line === SPEC_DRIVEN_SKELETON[index])
  );
}

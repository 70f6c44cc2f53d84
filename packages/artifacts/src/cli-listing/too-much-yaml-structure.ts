/** A key whose value is a literal or folded block: the lines under it are text to a YAML parser. */
const BLOCK_KEY = /:[ \t]*[|>][-+1-9]*[ \t]*(#.*)?$/;
/**
 * Bounds on what a parser builds structure from: far above the settings and
 * rules of a real configuration or the few lines of a change's metadata (tens
 * of lines), far below the thousands of keys that take the parser seconds.
 */
const MAX_LINES = 400;
const MAX_CHARS = 16 * 1024;
const MAX_FLOW_BRACKETS = 64;

const indentOf = (line: string) => /^ */.exec(line)![0].length;

/**
 * Whether a YAML text holds more structure than a person writes in an
 * OpenSpec configuration or metadata file, counted in one pass without a
 * parser: its lines other than blank lines, comments and the bodies of `|`
 * and `>` blocks, their characters, and the flow brackets (`[`, `{`) among
 * them. The parser's own time grows faster than the text on hostile shapes
 * (7,000 keys in 64 KiB: 1.5 s, all of it holding the caller), while block
 * bodies and comments cost it next to nothing. Such a file is left to the CLI.
 */
export function tooMuchYamlStructure(text: string): boolean {
  let lines = 0;
  let chars = 0;
  let brackets = 0;
  let blockIndent: number | null = null;
  for (const line of text.split("\n")) {
    const blank = line.trim() === "";
    if (blockIndent !== null) {
      if (blank || indentOf(line) > blockIndent) continue;
      blockIndent = null;
    }
    if (blank || line.trimStart().startsWith("#")) continue;
    lines += 1;
    chars += line.length;
    for (const character of line) if (character === "[" || character === "{") brackets += 1;
    if (lines > MAX_LINES || chars > MAX_CHARS || brackets > MAX_FLOW_BRACKETS) return true;
    if (BLOCK_KEY.test(line)) blockIndent = indentOf(line);
  }
  return false;
}

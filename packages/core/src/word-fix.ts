import { FIX_MARK, type FixMark, type FixWording, readFixMarks } from "./fix-wording.js";
import { flagName } from "./flag-name.js";
import type { ToolVariant } from "./tool-presentation.js";

/** What wording a fix needs to know of a tool: the parts of its presentation that name commands and flags. */
export type WordedTool = {
  name: string;
  presentation: {
    command: readonly string[];
    arguments?: readonly string[];
    valueFlags?: readonly { flag: string; field: string; value: string | boolean }[];
    variants?: readonly ToolVariant<Record<string, unknown>>[];
  };
};

/**
 * A fix text with its marks (see `FIX_MARK`) put in a host's words: for
 * agents the tool and field names (`openspec_task_set_status with done:
 * true`, `force: true`), for a shell the command and flags the catalog's
 * presentation gives them (`openspec-agent task done`, `--force`). `tools`
 * holds the presentations of the tools the marks name (needed only for
 * `command` wording); a tool it lacks keeps its name.
 */
export function wordFix(
  fix: string,
  wording: FixWording,
  answered: string,
  tools: ReadonlyMap<string, WordedTool> = new Map(),
): string {
  // One pass, so words put in are never read as marks again.
  return fix.replace(FIX_MARK, (text) => {
    const [mark] = readFixMarks(text, answered);
    if (!mark) return text;
    if (wording.kind === "tool") {
      const words = toolWords(mark);
      const note = mark.kind === "tool" ? wording.unoffered?.(mark.tool) : undefined;
      return note === undefined ? words : `${words} (${note})`;
    }
    if (mark.kind === "openspec") return `${wording.program} openspec`;
    const action = wording.kind === "page" && mark.kind === "tool" && wording.actions[mark.tool];
    return action || commandWords(mark, wording.program, tools.get(mark.tool));
  });
}

function toolWords(mark: FixMark): string {
  if (mark.kind === "openspec") return "openspec";
  const values = Object.entries(mark.values).map(
    ([field, value]) => `${field}: ${typeof value === "string" ? JSON.stringify(value) : value}`,
  );
  if (mark.kind === "field") return values[0] ?? mark.field ?? "";
  return values.length === 0 ? mark.tool : `${mark.tool} with ${values.join(", ")}`;
}

function commandWords(mark: FixMark, program: string, tool: WordedTool | undefined): string {
  if (!tool) return toolWords(mark);
  const { presentation } = tool;
  if (mark.kind === "field") {
    const field = mark.field ?? "";
    return field in mark.values
      ? flagWords(tool, field, mark.values[field])
      : (presentation.arguments ?? []).includes(field)
        ? `<${flagName(field)}>`
        : `--${flagName(field)}`;
  }
  const variant = presentation.variants?.find((candidate) =>
    Object.entries(candidate.fixed).every(([field, value]) => mark.values[field] === value),
  );
  const fixed = variant?.fixed ?? {};
  const given = Object.entries(mark.values).filter(([field]) => !(field in fixed));
  const positional = presentation.arguments ?? [];
  // Arguments in their order as words, then the other fields as flags.
  const words = positional.flatMap((field) =>
    given.some(([name]) => name === field) ? [String(mark.values[field])] : [],
  );
  const flags = given
    .filter(([field]) => !positional.includes(field))
    .map(([field, value]) => flagWords(tool, field, value));
  return [program, ...(variant?.command ?? presentation.command), ...words, ...flags].join(" ");
}

/** The flag that sets `field` to `value`: a value flag such as `--specs`, `--x`, `--no-x` or `--x value`. */
function flagWords(tool: WordedTool, field: string, value: unknown): string {
  const valueFlag = tool.presentation.valueFlags?.find(
    (candidate) => candidate.field === field && candidate.value === value,
  );
  if (valueFlag) return `--${valueFlag.flag}`;
  if (value === true) return `--${flagName(field)}`;
  if (value === false) return `--no-${flagName(field)}`;
  return `--${flagName(field)} ${String(value)}`;
}

import type { FixWording } from "./fix-wording.js";
import type { ToolDefinition } from "./tool-definition.js";

/**
 * A text with fix marks (see `FIX_MARK`) in the words a host asked for:
 * tool names unless it asked for shell commands or a page's buttons, for
 * which the named tools' presentations are loaded (a shell's catalog holds
 * only the tool it calls). `answered` is the tool whose result holds the
 * text; `loaded` the tools already at hand. The catalog words a result's
 * error, fix and note with it; a host words its readable view of a result.
 */
export async function wordText(
  text: string,
  answered: string,
  wording: FixWording = { kind: "tool" },
  loaded: ReadonlyMap<string, ToolDefinition> = new Map(),
): Promise<string> {
  const { wordFix } = await import("./word-fix.js");
  if (wording.kind === "tool") return wordFix(text, wording, answered);
  const { readFixMarks } = await import("./fix-wording.js");
  const { toolLoaders } = await import("./tool-loaders.js");
  const tools = new Map<string, ToolDefinition>(loaded);
  for (const mark of readFixMarks(text, answered)) {
    if (mark.kind === "openspec" || tools.has(mark.tool)) continue;
    const loader = toolLoaders.find((candidate) => candidate.name === mark.tool);
    if (loader) tools.set(mark.tool, await loader.load());
  }
  return wordFix(text, wording, answered, tools);
}

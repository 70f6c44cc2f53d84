import type { ResultBlock, ToolSuccess } from "@org/openspec-core";

/**
 * `hermes install` for people: what it changed, a notice when it had to
 * create the Hermes home (Hermes is then most likely not installed), and the
 * one thing left to do (restart Hermes, or install it), instead of the JSON.
 */
export function renderHermesInstall(result: ToolSuccess): readonly ResultBlock[] {
  const done = Array.isArray(result.done) ? result.done.map(String) : [];
  const [created, ...rest] = done;
  const blocks: ResultBlock[] = [];
  if (result.hermes_found === false && created !== undefined) {
    blocks.push({ kind: "notice", text: created });
    blocks.push(...rest.map((line): ResultBlock => ({ kind: "text", text: line })));
  } else {
    blocks.push(...done.map((line): ResultBlock => ({ kind: "text", text: line })));
  }
  if (done.length === 0) blocks.push({ kind: "text", text: "the plugin was in place already" });
  if (typeof result.next === "string") {
    blocks.push({ kind: "text", text: `next  ${result.next}`, tone: "strong" });
  }
  if (typeof result.fix === "string") blocks.push({ kind: "notice", text: result.fix });
  return blocks;
}

import type { ResultBlock } from "@org/openspec-core";
import { SHELL_WORDING } from "../program-name.js";

/**
 * A result's readable view in shell words: the catalog's presentation marks
 * the tools, fields and OpenSpec commands its text names (see `FIX_MARK`),
 * and the shell says them as the commands and flags its user types, as it
 * does for a failure's fix. Documents, diffs and tables hold repository
 * content and stay as they are.
 */
export async function wordBlocks(
  blocks: readonly ResultBlock[],
  tool: string,
): Promise<readonly ResultBlock[]> {
  if (!blocks.some((block) => "text" in block && block.text.includes("{"))) return blocks;
  const { wordText } = await import("@org/openspec-core/startup");
  return Promise.all(
    blocks.map(async (block) =>
      (block.kind === "heading" || block.kind === "text" || block.kind === "notice") &&
      block.text.includes("{")
        ? { ...block, text: await wordText(block.text, tool, SHELL_WORDING) }
        : block,
    ),
  );
}

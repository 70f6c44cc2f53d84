import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * OpenSpec's own spec parser, loaded from the pinned package's `dist` by file
 * path (it is not exported), as a function giving what `openspec show <id>
 * --type spec --json` prints.
 */
export async function loadCliSpecParser(openspecPackageRoot) {
  const url = pathToFileURL(
    join(openspecPackageRoot, "dist", "core", "parsers", "markdown-parser.js"),
  );
  const { MarkdownParser } = await import(url.href);
  if (typeof MarkdownParser !== "function")
    throw new Error("the CLI no longer exports MarkdownParser");
  return (id, content) => {
    const parsed = new MarkdownParser(content).parseSpec(id);
    return {
      id,
      title: parsed.name,
      overview: parsed.overview,
      requirementCount: parsed.requirements.length,
      requirements: parsed.requirements,
      metadata: parsed.metadata,
    };
  };
}

import { createHash } from "node:crypto";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { parseDocument } from "../document/parse-document.js";
import { readTitle } from "../document/read-title.js";
import { codeFenceMask } from "../lines/code-fence-mask.js";
import { parseSpec } from "../spec/parse-spec.js";
import { requirementStatement } from "../spec/requirement-statement.js";
import { parseTasks } from "../tasks/parse-tasks.js";

/**
 * Everything every parsing entry point makes of one document, as one JSON
 * string: names, steps, descriptions, lines and diagnostics included, not only
 * what the CLI projection keeps.
 */
export function parserOutputs(markdown: string): string {
  return JSON.stringify({
    spec: parseSpec(markdown),
    delta: parseDeltaSpec(markdown),
    document: parseDocument(markdown),
    tasks: parseTasks(markdown),
    title: readTitle(markdown),
    mask: codeFenceMask(markdown),
    statement: requirementStatement(markdown),
  });
}

/** A short digest of `parserOutputs`, so a recorded table of them stays small. */
export function outputDigest(markdown: string): string {
  return createHash("sha256").update(parserOutputs(markdown)).digest("hex").slice(0, 16);
}

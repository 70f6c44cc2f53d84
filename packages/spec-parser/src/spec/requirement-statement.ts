import { createLineView } from "../lines/line-view.js";
import { scanDocument } from "../lines/scan-lines.js";
import { readRequirementText } from "./requirement-text.js";

/**
 * What the CLI reads as a requirement's text when `description` is written
 * under its heading: the lines outside code fences, trimmed, without blank
 * lines or `**Key**:` metadata (unless that is all there is). `openspec
 * validate` looks for SHALL or MUST in this, and measures its length, not the
 * description's.
 */
export function requirementStatement(description: string): string {
  const scan = scanDocument(description);
  return readRequirementText(createLineView(scan, scan.count), 0, scan.count);
}

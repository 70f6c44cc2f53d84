import type { ResultBlock } from "../tool-presentation.js";

/** A diff's findings as shell lines, errors and warnings toned apart: every spec diff view prints them alike. */
export function renderDiagnostics(
  diagnostics: readonly { severity: string; message: string }[],
): ResultBlock[] {
  return diagnostics.map((diagnostic) => ({
    kind: "text",
    text: `${diagnostic.severity} ${diagnostic.message}`,
    tone: diagnostic.severity === "error" ? "bad" : "warning",
  }));
}

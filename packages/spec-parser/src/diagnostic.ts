import type { SpecDiagnostic, SpecDiagnosticCode } from "./types.js";

/** A finding that leaves the parsed value usable. */
export function warning(code: SpecDiagnosticCode, message: string, line: number): SpecDiagnostic {
  return { code, severity: "warning", message, line };
}

/** A finding that leaves no value to return. */
export function error(code: SpecDiagnosticCode, message: string, line: number): SpecDiagnostic {
  return { code, severity: "error", message, line };
}

/** Diagnostics in document order; ties keep the order they were found in. */
export function byLine(diagnostics: SpecDiagnostic[]): SpecDiagnostic[] {
  return diagnostics.sort((left, right) => left.line - right.line);
}

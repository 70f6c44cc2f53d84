import type { JsonDocument, JsonValue } from "./parse-cli-json.js";

/**
 * One entry of the CLI's diagnostic envelope (seed 003, section 2). `severity`
 * is `error`, `warning` or `info` in the CLIs we know; it stays a string so a
 * newer CLI's severity is passed on rather than dropped.
 */
export interface CliDiagnostic {
  severity: string;
  code: string;
  message: string;
  target?: string;
  fix?: string;
}

type JsonObject = { [key: string]: JsonValue };

function isObject(value: JsonValue): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toDiagnostic(value: JsonValue): CliDiagnostic | undefined {
  if (!isObject(value)) return undefined;
  const { severity, code, message, target, fix } = value;
  if (typeof severity !== "string" || typeof code !== "string" || typeof message !== "string") {
    return undefined;
  }
  return {
    severity,
    code,
    message,
    ...(typeof target === "string" ? { target } : {}),
    ...(typeof fix === "string" ? { fix } : {}),
  };
}

/**
 * Gathers every diagnostic found in a `status` array anywhere in the document,
 * in document order: the top-level array of a failed command as well as the
 * per-entry health findings of `doctor` and `context`. A `status` that is not
 * an array (the per-change string of `list`) is not a diagnostic list. The walk
 * uses an explicit stack so a deeply nested document cannot overflow the call
 * stack.
 */
export function collectDiagnostics(document: JsonDocument): CliDiagnostic[] {
  const diagnostics: CliDiagnostic[] = [];
  const pending: JsonValue[] = [document];
  while (pending.length > 0) {
    const value = pending.pop() as JsonValue;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push(value[index]!);
      continue;
    }
    if (!isObject(value)) continue;
    const status = value.status;
    if (Array.isArray(status)) {
      for (const entry of status) {
        const diagnostic = toDiagnostic(entry);
        if (diagnostic !== undefined) diagnostics.push(diagnostic);
      }
    }
    const children = Object.entries(value).filter(([key]) => key !== "status");
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]![1]);
  }
  return diagnostics;
}

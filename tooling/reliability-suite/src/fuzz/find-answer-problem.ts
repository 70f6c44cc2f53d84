import type { HostAnswer } from "@org/host-harness";
import { OUTSIDE_MARKER } from "../sandbox/make-sandbox.js";
import { previewValue } from "./preview-value.js";

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * Why an answer breaks the contract every caller relies on, or null when it
 * keeps it: a result object with a boolean `ok`; a failure with a snake_case
 * `code` and an `error` sentence; never `internal_error` (a handler threw);
 * never text from outside the repository.
 */
export function findAnswerProblem(answer: HostAnswer): string | null {
  if (answer.kind === "refused") {
    return typeof answer.detail === "string" && answer.detail.length > 0
      ? null
      : "the host refused the call without saying why";
  }
  const { result } = answer;
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    return `the answer is not a result object: ${previewValue(result)}`;
  }
  const fields = result as Record<string, unknown>;
  if (typeof fields.ok !== "boolean")
    return `the answer has no boolean ok: ${previewValue(result)}`;
  let text: string;
  try {
    text = JSON.stringify(result);
  } catch (error) {
    return `the answer cannot be written as JSON: ${String(error)}`;
  }
  if (text.includes(OUTSIDE_MARKER))
    return `the answer holds text from outside the repository: ${previewValue(result)}`;
  if (fields.ok) return null;
  if (typeof fields.code !== "string" || !SNAKE_CASE.test(fields.code)) {
    return `the failure has no snake_case code: ${previewValue(result)}`;
  }
  if (typeof fields.error !== "string" || fields.error.trim() === "") {
    return `the failure has no error sentence: ${previewValue(result)}`;
  }
  if (fields.code === "internal_error") return `a handler threw: ${fields.error}`;
  return null;
}

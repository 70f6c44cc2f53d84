import type { RunSuccess } from "@org/openspec-cli-runner";
import type { ToolFailure } from "../tool-result.js";

const PREFIX = "Invalid metadata: ";

type Issue = { path?: unknown; message?: unknown };

/** One issue of the CLI's metadata check, as words: the field and what is wrong with it. */
function wordIssue(issue: Issue): string {
  const path = Array.isArray(issue.path) ? issue.path.join(".") : "";
  const message = String(issue.message ?? "").replace(/^Invalid input: /, "");
  const said = /^expected \w+, received undefined$/.test(message) ? "is missing" : message;
  return path === "" ? `the file: ${said}` : `\`${path}\` ${said}`;
}

/**
 * The CLI refuses a change whose `.openspec.yaml` its metadata check rejects
 * with `Invalid metadata: ` and the checker's issues as a JSON array over a
 * dozen lines, which an agent cannot act on. Public repositories keep such
 * files (their own fields, no `schema:`), so the refusal is worded here as one
 * sentence naming the file and each field, with a fix saying what the file
 * needs. Any other result is returned as it is.
 */
export function wordMetadataRefusal<Extra extends object>(
  result: (RunSuccess & Extra) | ToolFailure,
  change: string | undefined,
): (RunSuccess & Extra) | ToolFailure {
  if (result.ok || result.code !== "exit_nonzero" || !Array.isArray(result.diagnostics)) {
    return result;
  }
  const diagnostics = result.diagnostics as { message?: unknown }[];
  const message = diagnostics.map((d) => String(d.message ?? "")).find((m) => m.startsWith(PREFIX));
  if (message === undefined) return result;
  let issues: unknown;
  try {
    issues = JSON.parse(message.slice(PREFIX.length));
  } catch {
    return result;
  }
  if (!Array.isArray(issues) || issues.length === 0) return result;
  const file =
    change === undefined
      ? "the change's .openspec.yaml"
      : `openspec/changes/${change}/.openspec.yaml`;
  return {
    ...result,
    error: `The openspec CLI refused ${file}, the change's metadata: ${issues.map((issue: Issue) => wordIssue(issue)).join("; ")}.`,
    fix: `Correct ${file}: \`schema:\` names the change's workflow schema (\`schema: spec-driven\` unless the project uses another; {tool:openspec_schemas} lists them) and \`created:\`, when present, is a date as YYYY-MM-DD; then call again.`,
  };
}

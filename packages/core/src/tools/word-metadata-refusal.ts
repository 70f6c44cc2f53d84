import type { RunSuccess } from "@org/openspec-cli-runner";
import type { ToolFailure } from "../tool-result.js";

type Issue = { path?: unknown; message?: unknown };

/** One issue of the CLI's metadata check, as words: the field and what is wrong with it. */
function wordIssue(issue: Issue): string {
  const path = Array.isArray(issue.path) ? issue.path.join(".") : "";
  const message = String(issue.message ?? "").replace(/^Invalid input: /, "");
  const said = /^expected \w+, received undefined$/.test(message) ? "is missing" : message;
  return path === "" ? `the file: ${said}` : `\`${path}\` ${said}`;
}

/** The error and fix for one of the CLI's metadata messages, or undefined for any other message. */
function wordMessage(message: string, file: string): { error: string; fix: string } | undefined {
  const schemaFix = `\`schema:\` names the change's workflow schema (\`schema: spec-driven\` unless the project uses another; {tool:openspec_schemas} lists them) and \`created:\`, when present, is a date as YYYY-MM-DD`;
  const invalid = /^Invalid metadata: ([\s\S]*)$/.exec(message);
  if (invalid) {
    let issues: unknown;
    try {
      issues = JSON.parse(invalid[1] as string);
    } catch {
      return undefined;
    }
    if (!Array.isArray(issues) || issues.length === 0) return undefined;
    return {
      error: `The openspec CLI refused ${file}, the change's metadata: ${issues.map((issue: Issue) => wordIssue(issue)).join("; ")}.`,
      fix: `Correct ${file}: ${schemaFix}; then call again.`,
    };
  }
  // The YAML parser's message runs on with the offending line and a caret
  // under it: its first line already says what and where.
  const yaml = /^Invalid YAML in metadata file: (.*)/.exec(message);
  if (yaml) {
    const reason = (yaml[1] as string).trim().replace(/:$/, "");
    return {
      error: `The openspec CLI could not read ${file}, the change's metadata, as YAML: ${reason}.`,
      fix: `Correct the YAML of ${file}, one \`key: value\` per line: ${schemaFix}; then call again.`,
    };
  }
  const unknown = /^Unknown schema '(.*)'\. Available: (.*)$/.exec(message);
  if (unknown) {
    return {
      error: `The openspec CLI refused ${file}, the change's metadata: its schema '${unknown[1]}' is not a workflow schema of this project.`,
      fix: `Set \`schema:\` in ${file} to one of ${unknown[2]} ({tool:openspec_schemas} lists them), or add that schema to the project; then call again.`,
    };
  }
  const unreadable = /^Failed to read metadata: (.*)$/.exec(message);
  if (unreadable) {
    const reason = (unreadable[1] as string).replace(/,? (open|read) '[^']*'$/, "");
    return {
      error: `The openspec CLI could not read ${file}, the change's metadata: ${reason}.`,
      fix: `Make ${file} a readable file (or remove it: the change then takes the project's default schema); then call again.`,
    };
  }
  return undefined;
}

/**
 * The CLI refuses a change whose `.openspec.yaml` it cannot use with messages
 * an agent cannot act on: its metadata check's issues as a JSON array over a
 * dozen lines, the YAML parser's message with the offending line and a caret,
 * an unknown schema whose list of schemas lands in the fix, an unreadable file
 * named by the server's absolute path. Public repositories keep such files
 * (their own fields, no `schema:`, hand-edited YAML), so each refusal is
 * worded here as one sentence naming the file in the repository, with a fix
 * saying what the file needs. Any other result is returned as it is.
 */
export function wordMetadataRefusal<Extra extends object>(
  result: (RunSuccess & Extra) | ToolFailure,
  change: string | undefined,
): (RunSuccess & Extra) | ToolFailure {
  if (result.ok || result.code !== "exit_nonzero" || !Array.isArray(result.diagnostics)) {
    return result;
  }
  const file =
    change === undefined
      ? "the change's .openspec.yaml"
      : `openspec/changes/${change}/.openspec.yaml`;
  for (const diagnostic of result.diagnostics as { message?: unknown }[]) {
    const worded = wordMessage(String(diagnostic.message ?? ""), file);
    if (worded !== undefined) return { ...result, ...worded };
  }
  return result;
}

import { type Failure, failure } from "./failure.js";

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_NAME_LENGTH = 128;

export type NameKind = "spec" | "change";

/**
 * A name for something new: one kebab-case segment, as `openspec new change`
 * and the spec folders it validates expect.
 */
export function checkNewName(kind: NameKind, name: string): Failure | null {
  const unsafe = checkSegment(kind, name);
  const problem = segmentProblem(name);
  if (unsafe && problem === null) return unsafe;
  if (problem !== null || !KEBAB_CASE.test(name)) {
    // Callers written for the earlier Hermes plugin look for "kebab-case" in this error.
    const because = problem === null ? "" : `: it ${problem}`;
    return failure(
      "invalid_name",
      `The ${kind} name "${printable(name)}" is not kebab-case${because}.`,
      { fix: `Use lowercase letters, digits and single hyphens, for example "user-auth".` },
    );
  }
  return null;
}

/**
 * A name of something that may already exist: any single folder name that
 * cannot leave its parent folder or be read as a command-line option.
 */
export function checkSegment(kind: NameKind, name: string): Failure | null {
  const fix = `Pass a plain ${kind} name such as "user-auth", without slashes, dots or a leading hyphen.`;
  if (name.length === 0 || name.trim().length === 0) {
    return failure("invalid_name", `The ${kind} name is empty.`, { fix });
  }
  if (name.length > MAX_NAME_LENGTH) {
    return failure(
      "invalid_name",
      `The ${kind} name is longer than ${MAX_NAME_LENGTH} characters.`,
      {
        fix,
      },
    );
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return failure("invalid_name", `The ${kind} name contains a control character.`, { fix });
  }
  const problem = segmentProblem(name);
  if (problem !== null) {
    return failure("invalid_name", `The ${kind} name "${printable(name)}" ${problem}.`, { fix });
  }
  return null;
}

/**
 * What keeps a name from being one folder name, worded to follow "it": parent
 * references first, as callers written for the earlier Hermes plugin look for them.
 */
function segmentProblem(name: string): string | null {
  if (name.split(/[/\\]/).includes("..")) return 'contains parent references ("..")';
  if (name.includes("/") || name.includes("\\")) return "contains a slash";
  if (name.startsWith(".")) return "starts with a dot";
  if (name.startsWith("-")) return "starts with a hyphen";
  return null;
}

/** A spec id: one or more safe segments joined by `/`, like `platform/session`. */
export function checkSpecId(id: string): Failure | null {
  if (id.startsWith("/") || id.endsWith("/") || id.includes("//")) {
    return failure("invalid_name", `The spec id "${printable(id)}" is not a relative spec id.`, {
      fix: `Pass a spec id such as "auth" or "platform/session".`,
    });
  }
  const segments = id.split("/");
  if (segments.includes("..")) {
    return failure(
      "invalid_name",
      `The spec id "${printable(id)}" contains parent references ("..").`,
      { fix: `Pass a spec id such as "auth" or "platform/session".` },
    );
  }
  for (const segment of segments) {
    const unsafe = checkSegment("spec", segment);
    if (unsafe) return unsafe;
  }
  return null;
}

/** Makes a hostile name safe to quote in a one-line error. */
function printable(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const visible = value.replace(/[\u0000-\u001f\u007f]/g, "?");
  return visible.length > 80 ? `${visible.slice(0, 77)}...` : visible;
}

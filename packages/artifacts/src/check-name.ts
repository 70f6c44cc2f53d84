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
  if (unsafe) return unsafe;
  if (!KEBAB_CASE.test(name)) {
    return failure("invalid_name", `The ${kind} name "${name}" is not kebab-case.`, {
      fix: `Use lowercase letters, digits and single hyphens, for example "user-auth".`,
    });
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
  if (name.includes("/") || name.includes("\\")) {
    return failure("invalid_name", `The ${kind} name "${printable(name)}" contains a slash.`, {
      fix,
    });
  }
  if (name === "." || name === ".." || name.startsWith(".")) {
    return failure("invalid_name", `The ${kind} name "${printable(name)}" starts with a dot.`, {
      fix,
    });
  }
  if (name.startsWith("-")) {
    return failure("invalid_name", `The ${kind} name "${printable(name)}" starts with a hyphen.`, {
      fix,
    });
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return failure("invalid_name", `The ${kind} name contains a control character.`, { fix });
  }
  return null;
}

/** A spec id: one or more safe segments joined by `/`, like `platform/session`. */
export function checkSpecId(id: string): Failure | null {
  if (id.startsWith("/") || id.endsWith("/") || id.includes("//")) {
    return failure("invalid_name", `The spec id "${printable(id)}" is not a relative spec id.`, {
      fix: `Pass a spec id such as "auth" or "platform/session".`,
    });
  }
  for (const segment of id.split("/")) {
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

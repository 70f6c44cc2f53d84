import { invisibleCharacters, looksLikeToken } from "./name-hazards.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";

const MAX_NAME_LENGTH = 64;

export type ValidNameResult = { readonly ok: true; readonly name: string } | RegistryFailure;

/**
 * Checks a vanity name. Names end up in identifiers like `<name>/os_abc123`
 * and in one-line messages, hence no slashes, control characters or padding;
 * and a name that looks like a token would shadow that token.
 */
export function validateSourceName(name: string): ValidNameResult {
  const problem = describeNameProblem(name);
  if (problem === undefined) return { ok: true, name };
  return registryFailure("invalid_name", `Name ${JSON.stringify(name)} ${problem}.`);
}

function describeNameProblem(name: string): string | undefined {
  if (name === "") return "is empty; give a name or leave it out";
  if (name.trim() === "") return "is only whitespace; give a visible name";
  if ([...name].length > MAX_NAME_LENGTH) {
    return `is longer than ${MAX_NAME_LENGTH} characters; shorten it`;
  }
  if (/[/\\]/.test(name)) return "contains a slash; use a name without / or \\";
  if (/\p{Cc}/u.test(name)) return "contains control characters; use printable characters only";
  const invisible = invisibleCharacters(name);
  if (invisible.length > 0) {
    return `contains invisible or bidirectional formatting characters (${invisible.join(", ")}), which make it look like another name; type it without them`;
  }
  if (name.trim() !== name) return "starts or ends with whitespace; trim it";
  if (looksLikeToken(name)) {
    return "starts with os_ and a hex digit, which is reserved for tokens; pick another name";
  }
  return undefined;
}

import { basename } from "node:path";
import { invisibleCharacters, looksLikeToken } from "./name-hazards.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";

/**
 * A source without a vanity name answers to its folder's basename, so that
 * basename must pass for a name: one that looks like a token could stand in
 * for another source, and invisible characters let it pass for another name.
 * The fix is always the same: give the source a vanity name.
 */
export function validateUnnamedFolder(path: string): RegistryFailure | undefined {
  const folder = basename(path);
  const invisible = invisibleCharacters(folder);
  const problem = looksLikeToken(folder)
    ? "starts with os_ and a hex digit, like a source token, so it could stand for another source"
    : invisible.length > 0
      ? `contains invisible or bidirectional formatting characters (${invisible.join(", ")}), so it can look like another source's name`
      : undefined;
  if (problem === undefined) return undefined;
  return registryFailure(
    "invalid_name",
    `The folder name ${JSON.stringify(folder)} of ${path} ${problem}; give the source a vanity name (name).`,
  );
}

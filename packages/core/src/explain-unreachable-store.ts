import type { RunResult } from "@org/openspec-cli-runner";

/** What the confined CLI says when a `store:` pointer names a store it cannot see. */
const STORE_NOT_FOUND = new Set([
  "no_registered_stores",
  "unknown_store",
  "no_root_with_registered_stores",
]);

/**
 * A run confined without the host's stores whose repository points at one
 * (`store:` in openspec/config.yaml) fails inside the CLI with "No stores are
 * registered" and a fix to set one up, which is wrong for this host: the
 * store may exist, this source may just not reach it. Such a failure becomes
 * `store_not_allowed`, one sentence and the fix that applies; any other
 * result is returned as it is.
 */
export function explainUnreachableStore<Result extends RunResult>(result: Result): Result {
  if (result.ok || !result.diagnostics.some((diagnostic) => STORE_NOT_FOUND.has(diagnostic.code))) {
    return result;
  }
  return {
    ...result,
    code: "store_not_allowed",
    error:
      "The repository's openspec/config.yaml points at an OpenSpec store, and this host does not let this source reach its stores.",
    fix: "Remove the store: line from openspec/config.yaml, or ask the host's operator to allow stores for this source (OPENSPEC_AGENT_ALLOW_STORES).",
    // The CLI's diagnostics would suggest setting up the store on this host.
    diagnostics: [],
  };
}

import type { Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * The refusal of a call about one change that named none where the
 * repository has no single active change to pick: it names the field to
 * pass and the changes there are. It stands in for the CLI's own refusal,
 * which speaks of its `--change` and `--all` flags, not of the tool's field.
 */
export function noChangePicked(repository: Repository, activeChanges: string[]): ToolFailure {
  return toolFailure(
    "change_not_found",
    activeChanges.length === 0
      ? `${repository.root} has no active change.`
      : `No change was named, and ${repository.root} has ${activeChanges.length} active changes.`,
    activeChanges.length === 0
      ? "Create one with {tool:openspec_change_create}."
      : `Pass {field:change}: one of ${activeChanges.join(", ")}.`,
  );
}

import type { Repository } from "@org/openspec-artifacts";
import type { ToolFailure } from "../tool-result.js";
import { findLinkOut } from "./find-link-out.js";

/**
 * Refuses a change or a project schema (`openspec/schemas/<name>`, whose
 * files the CLI reads) named by a call that leads out of the repository,
 * before the CLI follows it: `openspec_status` and `openspec_instructions`
 * take both, as the passthrough's `--change` and `--schema` are checked.
 */
export function checkChangeAndSchema(
  repository: Repository,
  change: string | undefined,
  schema: string | undefined,
): ToolFailure | null {
  return (
    (change === undefined ? null : findLinkOut(repository, change, "change")) ??
    (schema === undefined ? null : findLinkOut(repository, schema, "schema"))
  );
}

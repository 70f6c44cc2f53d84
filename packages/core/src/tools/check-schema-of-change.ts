import { join } from "node:path";
import { type Repository, readRepositoryText } from "@org/openspec-artifacts";
import type { ToolFailure } from "../tool-result.js";
import { findLinkOut } from "./find-link-out.js";

const SCHEMA_LINE = /^schema:[ \t]*(["']?)([A-Za-z0-9][A-Za-z0-9._-]*)\1[ \t]*(?:#.*)?$/m;

/**
 * Refuses a call that names no schema when the schema the CLI would read
 * for it leads out of the repository (a call's own `schema` is checked with
 * its change, before the change is picked).
 */
export async function checkSchemaOfChange(
  repository: Repository,
  change: string | undefined,
  schema: string | undefined,
): Promise<ToolFailure | null> {
  if (schema !== undefined) return null;
  const named = schemaOfChange(repository, change);
  return named === undefined ? null : findLinkOut(repository, named, "schema");
}

/**
 * The workflow schema the CLI reads for a call that names none, as it
 * chooses it: the change's `.openspec.yaml`, else `openspec/config.yaml`
 * (or `config.yml`); undefined for the CLI's built-in default. Exists so
 * that a project schema chosen by repository content is checked before the
 * CLI reads its templates, as one the call names is.
 */
function schemaOfChange(repository: Repository, change: string | undefined): string | undefined {
  const files = [
    ...(change === undefined
      ? []
      : [join(repository.openspecDir, "changes", change, ".openspec.yaml")]),
    join(repository.openspecDir, "config.yaml"),
    join(repository.openspecDir, "config.yml"),
  ];
  for (const file of files) {
    const text = readRepositoryText(file, repository);
    const schema = text === null ? undefined : SCHEMA_LINE.exec(text)?.[2];
    if (schema !== undefined) return schema;
  }
  return undefined;
}

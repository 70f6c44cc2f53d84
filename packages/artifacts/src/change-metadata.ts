import { join } from "node:path";
import type { Repository } from "./open-repository.js";
import { readRepositoryText } from "./read-repository-text.js";

/** The workflow schema a change gets when neither the call nor the project names one, as for the CLI. */
export const DEFAULT_CHANGE_SCHEMA = "spec-driven";

const CONFIG_SCHEMA = /^schema:[ \t]*(["']?)([A-Za-z0-9][A-Za-z0-9._-]*)\1[ \t]*(?:#.*)?$/m;

/**
 * The `.openspec.yaml` that `openspec new change` writes: the schema (the
 * given one, else the project's `openspec/config.yaml` `schema:`, else
 * `spec-driven`) and the local date it was created.
 */
export function changeMetadata(
  repository: Repository,
  schema: string | null | undefined,
  now: Date = new Date(),
): { schema: string; text: string } {
  const chosen = schema ?? configuredSchema(repository) ?? DEFAULT_CHANGE_SCHEMA;
  return { schema: chosen, text: `schema: ${chosen}\ncreated: ${localDate(now)}\n` };
}

/** Whether metadata opts the change out of delta specs (`skip_specs: true`), as schemas without specs do. */
export function skipsSpecs(metadata: string): boolean {
  return /^skip_specs:[ \t]*true[ \t]*$/m.test(metadata);
}

function configuredSchema(repository: Repository): string | null {
  for (const file of ["config.yaml", "config.yml"]) {
    const text = readRepositoryText(join(repository.openspecDir, file), repository);
    if (text === null) continue;
    return CONFIG_SCHEMA.exec(text)?.[2] ?? null;
  }
  return null;
}

/** `YYYY-MM-DD` in the process's time zone, as the CLI dates a change. */
function localDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

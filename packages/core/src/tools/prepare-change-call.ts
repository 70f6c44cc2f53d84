import type { Repository } from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import type { RepositoryTarget } from "../resolve-repository.js";
import type { ToolFailure } from "../tool-result.js";
import { checkSchemaOfChange } from "./check-schema-of-change.js";
import { findLinkOut } from "./find-link-out.js";
import { type PickedChange, pickChange } from "./pick-change.js";
import { prepareCliCall } from "./run-cli-tool.js";

/**
 * The repository and the change of a CLI call about one change and its
 * workflow schema (`openspec_status`, `openspec_instructions`): the change and
 * the schema a call names, then the schema the picked change or the project
 * names, are refused when they lead out of the repository, before the CLI
 * reads them, as the passthrough's `--change` and `--schema` are.
 */
export async function prepareChangeCall(
  context: CatalogContext,
  input: RepositoryTarget & { change?: string | undefined; schema?: string | undefined },
): Promise<{ ok: true; repository: Repository; picked: PickedChange } | ToolFailure> {
  const prepared = await prepareCliCall(
    context,
    input,
    async (repository) =>
      (input.change === undefined ? null : await findLinkOut(repository, input.change, "change")) ??
      (input.schema === undefined ? null : await findLinkOut(repository, input.schema, "schema")),
  );
  if (!prepared.ok) return prepared;
  const picked = pickChange(prepared.repository, input.change);
  const escaping = await checkSchemaOfChange(prepared.repository, picked.change, input.schema);
  return escaping ?? { ok: true, repository: prepared.repository, picked };
}

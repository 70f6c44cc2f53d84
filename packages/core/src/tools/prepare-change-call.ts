import type { Repository } from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import type { RepositoryTarget } from "../resolve-repository.js";
import type { ToolFailure } from "../tool-result.js";
import { findLinkOut } from "./find-link-out.js";
import { type PickedChange, pickChange } from "./pick-change.js";
import { prepareCliCall } from "./run-cli-tool.js";

/**
 * The repository and the change of a CLI call about one change and its
 * workflow schema (`openspec_status`, `openspec_instructions`): the change a
 * call names is refused when it leads out of the repository, as the
 * passthrough's `--change` is. The schema (named by the call, the change's
 * `.openspec.yaml` or `openspec/config.yaml`) is checked before every CLI run
 * (`findCliEscape`).
 */
export async function prepareChangeCall(
  context: CatalogContext,
  input: RepositoryTarget & { change?: string | undefined; schema?: string | undefined },
): Promise<{ ok: true; repository: Repository; picked: PickedChange } | ToolFailure> {
  const prepared = await prepareCliCall(context, input, (repository) =>
    input.change === undefined ? null : findLinkOut(repository, input.change, "change"),
  );
  if (!prepared.ok) return prepared;
  const picked = await pickChange(prepared.repository, input.change);
  return { ok: true, repository: prepared.repository, picked };
}

import type { Repository } from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import type { RepositoryTarget } from "../resolve-repository.js";
import type { ToolFailure } from "../tool-result.js";

/**
 * The handler of a tool that works in one repository, given that repository:
 * the call's `source`, else its `workdir`, else the host's default, resolved
 * first (`resolveRepository`), its failure answered as it is. Loads the
 * resolver when called, so tool files may import this at the top.
 */
export function inRepository<Input extends RepositoryTarget, Result>(
  handle: (input: Input, context: CatalogContext, repository: Repository) => Promise<Result>,
): (input: Input, context: CatalogContext) => Promise<Result | ToolFailure> {
  return async (input, context) => {
    const { resolveRepository } = await import("../resolve-repository.js");
    const target = await resolveRepository(context, input);
    if (!target.ok) return target;
    return handle(input, context, target.repository);
  };
}

import type { CompleteRequest, CompleteResult } from "@modelcontextprotocol/server";
import { type Catalog, findWorkflow } from "@org/openspec-core";
import { completePromptArgument } from "./complete-prompt-argument.js";
import { completeResourceArgument } from "./complete-resource-argument.js";

const NOTHING: CompleteResult = { completion: { values: [], total: 0, hasMore: false } };

/** Answers completion/complete: each kind of reference completes its own way. */
export async function completeArgument(
  catalog: Catalog,
  params: CompleteRequest["params"],
): Promise<CompleteResult> {
  const given = params.context?.arguments ?? {};
  if (params.ref.type === "ref/prompt") {
    if (findWorkflow(params.ref.name) === undefined) return NOTHING;
    return completePromptArgument(catalog, params.argument, given);
  }
  if (params.ref.type === "ref/resource") {
    return completeResourceArgument(catalog, params.ref.uri, params.argument, given);
  }
  return NOTHING;
}

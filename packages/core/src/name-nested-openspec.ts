import { join } from "node:path";
import { nestedOpenSpecFolders } from "./nested-openspec-folders.js";
import type { ToolFailure } from "./tool-result.js";

/**
 * A `no_openspec_root` failure for a folder whose OpenSpec folder sits
 * deeper (a monorepo's `backend/openspec`), naming those folders and saying
 * to register one, rather than only to initialise a second `openspec/` at
 * the root. The failure as it was when there is none below.
 */
export async function nameNestedOpenSpec(failure: ToolFailure, root: string): Promise<ToolFailure> {
  const nested = await nestedOpenSpecFolders(root);
  const [first] = nested;
  if (first === undefined) return failure;
  const listed = nested.map((folder) => `${folder}/openspec`).join(", ");
  return {
    ...failure,
    error: `${failure.error} Below it: ${listed}.`,
    fix: `Register the folder that holds it (${join(root, first)}) with {tool:openspec_source_add}, or pass it as {field:workdir}; run \`{openspec} init\` only for a project of its own at the root.`,
    nested_openspec: nested,
  };
}

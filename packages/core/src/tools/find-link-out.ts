import { join } from "node:path";
import { checkNamedTarget, checkWritableInside, type Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { findLinkOutUnder } from "./find-link-out-under.js";

/**
 * Refuses a change or spec a call names when its folder, or a symlink inside
 * it, leads out of the repository (a spec's `spec.md`, a change's
 * `proposal.md` or a delta spec), which the CLI would read through: the
 * folder itself may be real. Symlinked folders are checked where they point,
 * not walked into. A project schema (`openspec/schemas/<name>`, whose
 * templates the CLI reads and `schema fork` copies) is checked the same way,
 * with its own folder.
 */
export async function findLinkOut(
  repository: Repository,
  name: string,
  kind: "change" | "spec" | "schema" | undefined,
): Promise<ToolFailure | null> {
  const fix = (link: string) =>
    `Replace the symlink ${link} with the file itself, or name another ${kind ?? "item"}.`;
  if (kind === "schema") {
    const folder = join(repository.openspecDir, "schemas", name);
    // A schema folder is named by the call and read whole (its templates), so it is checked itself too.
    const escaping = checkWritableInside(
      repository,
      folder,
      (link) => `Replace the symlink ${link} with the schema folder itself.`,
    );
    if (escaping) return toolFailure(escaping.code, escaping.error, escaping.fix);
    return findLinkOutUnder(repository, folder, fix);
  }
  const named = checkNamedTarget(repository, name, kind);
  if (named) return toolFailure(named.code, named.error, named.fix);
  const folders = [
    ...(kind === "spec" ? [] : [join(repository.openspecDir, "changes", name)]),
    ...(kind === "change" ? [] : [join(repository.openspecDir, "specs", name)]),
  ];
  for (const folder of folders) {
    const escaping = await findLinkOutUnder(repository, folder, fix);
    if (escaping) return escaping;
  }
  return null;
}

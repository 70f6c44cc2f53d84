import { join } from "node:path";
import { checkWritableInside, type Repository } from "@org/openspec-artifacts";
import { findLinkOutUnder, type LinkOut } from "./find-link-out-under.js";

/**
 * A symlink inside the named change or spec folder that leads out (a spec's
 * `spec.md`, a change's `proposal.md` or a delta spec), which the CLI would
 * read through: the folder itself may be real. Symlinked folders are checked
 * where they point, not walked into. A project schema (`openspec/schemas/
 * <name>`, whose templates the CLI reads and `schema fork` copies) is checked
 * the same way, with its own folder.
 */
export function findLinkOut(
  repository: Repository,
  name: string,
  kind: "change" | "spec" | "schema" | undefined,
): LinkOut | null {
  const folders =
    kind === "schema"
      ? [join(repository.openspecDir, "schemas", name)]
      : [
          ...(kind === "spec" ? [] : [join(repository.openspecDir, "changes", name)]),
          ...(kind === "change" ? [] : [join(repository.openspecDir, "specs", name)]),
        ];
  for (const folder of folders) {
    // A schema folder is named by the call and read whole (its templates), so it is checked itself too.
    if (kind === "schema") {
      const escaping = checkWritableInside(
        repository,
        folder,
        (link) => `Replace the symlink ${link} with the schema folder itself.`,
      );
      if (escaping)
        return { code: "path_outside_repository", error: escaping.error, fix: escaping.fix };
    }
    const escaping = findLinkOutUnder(
      repository,
      folder,
      (link) =>
        `Replace the symlink ${link} with the file itself, or name another ${kind ?? "item"}.`,
    );
    if (escaping) return escaping;
  }
  return null;
}

import { join } from "node:path";
import { checkNamedTarget, type Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { findLinkOutUnder } from "./find-link-out-under.js";

/**
 * Refuses a change or spec a call names when its folder, or a symlink inside
 * it, leads out of the repository (a spec's `spec.md`, a change's
 * `proposal.md` or a delta spec), which the CLI would read through: the
 * folder itself may be real. Symlinked folders are checked where they point,
 * not walked into. Project schemas are checked before every CLI run
 * (`findCliEscape`).
 */
export async function findLinkOut(
  repository: Repository,
  name: string,
  kind: "change" | "spec" | undefined,
): Promise<ToolFailure | null> {
  const fix = (link: string) =>
    `Replace the symlink ${link} with the file itself, or name another ${kind ?? "item"}.`;
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

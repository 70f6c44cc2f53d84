import { join } from "node:path";
import { checkWritableInside, type Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import type { CheckedCliCall } from "./check-cli-arguments.js";
import { findLinkOut } from "./find-link-out.js";
import { findRepositoryLinkOut, type RepositoryReadScope } from "./find-repository-link-out.js";

/**
 * Refuses an `openspec_cli` call whose change, spec or write target leads out
 * of the repository through a symlink, before the CLI follows it: the names
 * the table lets through are plain names, but the folders they name are
 * repository content. A change or spec to read is checked as the typed tools
 * check theirs; a command that writes has its target folder (and, for
 * `schema init`, `openspec/config.yaml`) checked as every writer here is.
 * Project schemas, whichever the call selects, are checked before every CLI
 * run (`findCliEscape`).
 */
export async function checkCliTargets(
  repository: Repository,
  call: CheckedCliCall,
): Promise<ToolFailure | null> {
  if (call.help) return null;
  const type = call.values.get("--type") as "change" | "spec" | undefined;
  const named: [string | undefined, "change" | "spec" | undefined][] = [
    [call.positionals.get("change-name"), "change"],
    [call.positionals.get("spec-id"), "spec"],
    [call.positionals.get("item-name"), type],
    [call.values.get("--change"), "change"],
  ];
  for (const [name, kind] of named) {
    if (name === undefined) continue;
    const escaping = await findLinkOut(repository, name, kind);
    if (escaping) return escaping;
  }
  const scope = readsEveryItem(call);
  if (scope !== null) {
    const escaping = await findRepositoryLinkOut(repository, scope);
    if (escaping) return escaping;
  }
  const positionals = [...call.positionals.values()];
  // `schema fork <source>` without a name writes `<source>-custom`, as the CLI names it.
  const target =
    call.command.words.join(" ") === "schema fork" && !call.positionals.has("name")
      ? `${call.positionals.get("source")}-custom`
      : positionals.at(-1);
  for (const folder of call.command.writes ?? []) {
    const path =
      folder === "config.yaml" || target === undefined
        ? join(repository.openspecDir, folder)
        : join(repository.openspecDir, folder, target);
    const escaping = checkWritableInside(
      repository,
      path,
      (link) => `Replace the symlink ${link} with a real folder inside the repository.`,
    );
    if (escaping)
      return toolFailure(escaping.code, escaping.error, escaping.fix, { path: escaping.path });
  }
  return null;
}

/** The folders a listing or a validation of every item reads, or null when the call names its item. */
function readsEveryItem(call: CheckedCliCall): RepositoryReadScope | null {
  const has = (flag: string) => call.argv.includes(flag);
  switch (call.command.words.join(" ")) {
    case "list":
      return { specs: has("--specs"), changes: !has("--specs") };
    case "spec list":
      return { specs: true, changes: false };
    case "change list":
      return { specs: false, changes: true };
    case "spec validate":
      return call.positionals.has("spec-id") ? null : { specs: true, changes: false };
    case "change validate":
      return call.positionals.has("change-name") ? null : { specs: false, changes: true };
    case "validate": {
      if (call.positionals.has("item-name")) return null;
      const all = has("--all") || !(has("--specs") || has("--changes"));
      return { specs: all || has("--specs"), changes: all || has("--changes") };
    }
    default:
      return null;
  }
}

import { join } from "node:path";
import { checkNamedTarget, checkWritableInside, type Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import type { CheckedCliCall } from "./check-cli-arguments.js";
import { findLinkOut } from "./find-link-out.js";

/**
 * Refuses an `openspec_cli` call whose change, spec or write target leads out
 * of the repository through a symlink, before the CLI follows it: the names
 * the table lets through are plain names, but the folders they name are
 * repository content. A change or spec to read is checked as the typed tools
 * check theirs; a command that writes has its target folder (and, for
 * `schema init`, `openspec/config.yaml`) checked as every writer here is.
 */
export function checkCliTargets(repository: Repository, call: CheckedCliCall): ToolFailure | null {
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
    const escaping =
      checkNamedTarget(repository, name, kind) ?? findLinkOut(repository, name, kind);
    if (escaping) return toolFailure(escaping.code, escaping.error, escaping.fix);
  }
  // Project schemas the call names: `--schema`, and the names of the `schema` commands.
  const schemas = [
    call.values.get("--schema"),
    ...(call.command.words[0] === "schema"
      ? [call.positionals.get("name"), call.positionals.get("source")]
      : []),
  ];
  for (const name of schemas) {
    if (name === undefined) continue;
    const escaping = findLinkOut(repository, name, "schema");
    if (escaping) return toolFailure(escaping.code, escaping.error, escaping.fix);
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

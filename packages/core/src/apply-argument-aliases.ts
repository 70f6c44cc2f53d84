// Rewrites a call's arguments from the earlier Python Hermes plugin's names to
// ours before the tool's input schema reads them, so a skill or script written
// for that plugin keeps working through every host (they all call the catalog).
import { isDeepStrictEqual } from "node:util";
import { argumentAliases } from "./argument-aliases.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/**
 * The arguments with each alias of `tool` replaced by its field, or
 * `invalid_input` when an alias's value cannot be read, or when an alias and
 * its field (or two aliases of one field) are given with different values.
 * A name the tool itself has as a field is never taken as an alias.
 */
export function applyArgumentAliases(
  tool: string,
  ownFields: readonly string[],
  args: unknown,
): { ok: true; args: unknown } | ToolFailure {
  const aliases = argumentAliases[tool];
  if (!aliases || !isPlainObject(args)) return { ok: true, args };
  const given = aliases.filter((entry) => Object.hasOwn(args, entry.alias));
  if (given.length === 0) return { ok: true, args };

  const rewritten: Record<string, unknown> = { ...args };
  // Which name the caller gave each field by, to name both in a conflict.
  const givenAs = new Map<string, string>();
  for (const entry of given) {
    const renames = entry.alias !== entry.field;
    if (renames && ownFields.includes(entry.alias)) continue;
    const mapped = entry.value ? entry.value(args[entry.alias]) : { value: args[entry.alias] };
    if ("error" in mapped) return aliasFailure(tool, entry.alias, mapped.error);
    if (!renames) {
      if (mapped.value === undefined) delete rewritten[entry.field];
      else rewritten[entry.field] = mapped.value;
      continue;
    }
    delete rewritten[entry.alias];
    const other = givenAs.get(entry.field) ?? entry.field;
    if (Object.hasOwn(rewritten, entry.field)) {
      if (!isDeepStrictEqual(rewritten[entry.field], mapped.value)) {
        return aliasFailure(
          tool,
          entry.alias,
          `"${entry.alias}" and "${other}" both give ${entry.field}, with different values`,
          `Pass only "${entry.field}".`,
        );
      }
      continue;
    }
    if (mapped.value !== undefined) rewritten[entry.field] = mapped.value;
    givenAs.set(entry.field, entry.alias);
  }
  return { ok: true, args: rewritten };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function aliasFailure(
  tool: string,
  path: string,
  message: string,
  fix = "Correct each field that issues names as its message says (limits such as a longest length are checked here, not listed in the tool's schema), and call again.",
): ToolFailure {
  return toolFailure("invalid_input", `Invalid input for ${tool}: ${message}.`, fix, {
    issues: [{ path, message }],
  });
}

import { resolve } from "node:path";
import type { ToolDefinition } from "@org/openspec-core";
import { flagName } from "@org/openspec-core/startup";
import type { Command } from "commander";
import type { Session } from "../session.js";
import { assignArgumentWords } from "./assign-argument-words.js";
import type { InputField } from "./read-input-fields.js";
import { readJsonArgument } from "./read-json-argument.js";
import { readTextArgument } from "./read-text-argument.js";

/** Where each field's value sits after commander parsed the command line. */
export type FieldSlot = (
  | { field: InputField; from: "argument"; index: number }
  | { field: InputField; from: "option"; attribute: string; negated: boolean }
) & {
  /** A document field: its value may be @file or - for stdin. */
  document?: boolean;
};

/** A switch that sets a field to one value, e.g. `--specs` for `kind: "specs"`, `--git` for `from_git: true`. */
export type ValueSlot = { flag: string; attribute: string; field: string; value: string | boolean };

/**
 * A tool's input from a parsed command line: positional arguments, flags,
 * value flags (`--specs` for `kind: "specs"`), JSON and documents read from
 * inline text, a file or stdin, and paths resolved against the current folder. Without
 * `--source` or `--workdir`, a tool that takes a workdir works in the current
 * folder. Undefined when the command line was wrong (already reported).
 */
export async function collectToolInput(
  session: Session,
  command: Command,
  tool: ToolDefinition,
  slots: readonly FieldSlot[],
  valueSlots: readonly ValueSlot[],
  argumentValues: readonly unknown[],
): Promise<Record<string, unknown> | undefined> {
  const options = command.opts<Record<string, unknown>>();
  const paths = new Set<string>(tool.presentation.paths ?? []);
  const input: Record<string, unknown> = {};
  const words = assignArgumentWords(command, slots, argumentValues);
  for (const slot of slots) {
    const raw =
      slot.from === "argument"
        ? words.get(slot.field.name)
        : slot.negated
          ? options[slot.attribute] === false || undefined
          : options[slot.attribute];
    if (raw === undefined) {
      if (slot.from === "option" && slot.field.kind === "boolean" && slot.field.required) {
        const flag = flagName(slot.field.name);
        command.error(`error: say --${flag} or --no-${flag}.`);
      }
      continue;
    }
    const { field } = slot;
    // An optional `[words...]` left out reaches here as []: the field is not given.
    if (slot.from === "argument" && Array.isArray(raw) && raw.length === 0 && !field.required) {
      continue;
    }
    if (slot.from === "argument" && field.listWords && Array.isArray(raw)) {
      // One word that stands for the whole list (`all`) is passed as that word.
      const [only] = raw;
      input[field.name] =
        raw.length === 1 && typeof only === "string" && field.listWords.includes(only) ? only : raw;
    } else if (slot.document && typeof raw === "string") {
      const text = await readTextArgument(session, `--${flagName(field.name)}`, raw);
      if (!text) return undefined;
      input[field.name] = text.value;
    } else if (field.kind === "json" && typeof raw === "string") {
      const parsed = await readJsonArgument(session, `--${flagName(field.name)}`, raw);
      if (!parsed) return undefined;
      input[field.name] = parsed.value;
    } else {
      input[field.name] =
        paths.has(field.name) && typeof raw === "string" ? resolve(session.cwd, raw) : raw;
    }
  }
  for (const valueFlag of valueSlots) {
    if (options[valueFlag.attribute] !== true) continue;
    const given = input[valueFlag.field];
    if (given !== undefined && given !== valueFlag.value) {
      command.error(
        `error: --${valueFlag.flag} sets ${flagName(valueFlag.field)} to ${String(valueFlag.value)}, but ${String(given)} was given too.`,
      );
    }
    input[valueFlag.field] = valueFlag.value;
  }
  const takesWorkdir = slots.some((slot) => slot.field.name === "workdir");
  if (takesWorkdir && input.source === undefined && input.workdir === undefined) {
    input.workdir = resolve(session.cwd);
  }
  return input;
}

import { flagName } from "@org/openspec-core/startup";
import type { Command } from "commander";
import type { FieldSlot } from "./collect-tool-input.js";

/**
 * The value of each positional field from the words commander read: the
 * words fill, in order, the arguments not given by their flag, a list
 * argument taking the rest; so `task done add-login 1.1` and `task done 1.1
 * -c add-login` mean the same. A word left over while an argument was given
 * by flag is that argument said twice: the same value is fine, another is a
 * usage error. A required argument with neither is one too.
 */
export function assignArgumentWords(
  command: Command,
  slots: readonly FieldSlot[],
  argumentValues: readonly unknown[],
): Map<string, unknown> {
  const options = command.opts<Record<string, unknown>>();
  const optionOf = new Map(
    slots.flatMap((slot) => (slot.from === "option" ? [[slot.field.name, slot.attribute]] : [])),
  );
  const byFlag = (name: string) => {
    const attribute = optionOf.get(name);
    return attribute === undefined ? undefined : options[attribute];
  };
  const positional = slots
    .flatMap((slot) => (slot.from === "argument" ? [slot] : []))
    .sort((a, b) => a.index - b.index);
  const words = positional.flatMap((slot) => {
    const value = argumentValues[slot.index];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
  const assigned = new Map<string, unknown>();
  for (const slot of positional) {
    if (byFlag(slot.field.name) !== undefined) continue;
    if (slot.field.listWords !== undefined) {
      if (words.length > 0 || !slot.field.required) assigned.set(slot.field.name, words.splice(0));
    } else if (words.length > 0) {
      assigned.set(slot.field.name, words.shift());
    }
  }
  const twice = positional.find((slot) => byFlag(slot.field.name) !== undefined);
  if (words.length > 0 && twice !== undefined) {
    const flag = flagName(twice.field.name);
    if (words.length > 1 || words[0] !== byFlag(twice.field.name)) {
      command.error(`error: give ${flag} once: as the argument or with --${flag}, not both.`);
    }
  } else if (words.length > 0) {
    command.error(`error: too many arguments: ${words.join(" ")}.`);
  }
  const missing = positional.find(
    (slot) =>
      slot.field.required &&
      !assigned.has(slot.field.name) &&
      byFlag(slot.field.name) === undefined,
  );
  if (missing) command.error(`error: missing required argument '${flagName(missing.field.name)}'`);
  return assigned;
}

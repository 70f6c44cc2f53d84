import { flagName } from "@org/openspec-core/startup";
import { Option } from "commander";
import { parseNumberValue } from "./parse-number-value.js";
import type { InputField } from "./read-input-fields.js";

/** Whether a field is a boolean that turns something off, offered as `--no-x`. */
export function isNegation(field: InputField): boolean {
  return field.kind === "boolean" && field.name.startsWith("no_");
}

/**
 * The commander option of one input field: a switch for a boolean, a number
 * parsed on the command line, the allowed values of an enum (listed in help,
 * anything else refused), JSON for arrays and objects, and for a document
 * field `<text>` (the caller reads @file and - for it).
 */
export function fieldOption(
  field: InputField,
  short: string | undefined,
  document = false,
): Option {
  const long = `--${flagName(field.name)}`;
  const value = document
    ? " <text>"
    : field.kind === "boolean"
      ? ""
      : field.kind === "json"
        ? " <json>"
        : ` <${field.kind === "number" ? "n" : "value"}>`;
  const help =
    field.kind === "json"
      ? `${field.description} (${field.shape ?? "JSON"}; @file.json, or - for stdin)`
      : field.description;
  // Commander refuses a missing mandatory option but does not say so in help;
  // a required switch is refused by the command when neither --x nor --no-x is given.
  const marked = !field.required
    ? help
    : field.kind === "boolean"
      ? `${help} (required: ${long} or --no-${flagName(field.name)})`
      : `${help} (required)`;
  const option = new Option(`${short ? `-${short}, ` : ""}${long}${value}`, marked);
  if (field.kind === "number") option.argParser(parseNumberValue);
  if (field.kind === "enum") option.choices(field.values);
  // A required switch is given as --x or --no-x (see `negationOption`), so neither is mandatory alone.
  if (field.required && field.kind !== "boolean") option.makeOptionMandatory();
  return option;
}

/** `--no-x` beside `--x` for a required boolean, so false can be said too; null for any other field. */
export function negationOption(field: InputField): Option | null {
  if (field.kind !== "boolean" || !field.required || isNegation(field)) return null;
  return new Option(`--no-${flagName(field.name)}`, `the same as ${field.name}: false`);
}

import type { ToolDefinition, ToolVariant } from "@org/openspec-core";
import { flagName } from "@org/openspec-core/startup";
import { Argument, type Command, Option } from "commander";
import type { Session } from "../session.js";
import { collectToolInput, type FieldSlot, type ValueSlot } from "./collect-tool-input.js";
import { describeFixed } from "./describe-fixed.js";
import { fieldOption, isNegation, negationOption } from "./field-option.js";
import { parseNumberValue } from "./parse-number-value.js";
import { type InputField, readInputFields } from "./read-input-fields.js";

/**
 * Runs before a tool command calls its tool; answers true when it dealt with
 * the command line itself (the hand-made options a command adds beside the
 * tool's), so the tool is not called.
 */
export type BeforeToolCall = (command: Command) => Promise<boolean>;

/**
 * Adds the command of one catalog tool under `parent`, from its definition
 * alone: its positional arguments, a flag per other input field, its short
 * and value flags; running it calls the tool and prints the result. With a
 * `variant`, the command is the variant's, and its fixed fields get no flag
 * and are always set. `before` may take the command over first.
 */
export function addToolCommand(
  parent: Command,
  tool: ToolDefinition,
  session: Session,
  variant?: ToolVariant<Record<string, unknown>>,
  before?: BeforeToolCall,
): Command {
  const { presentation } = tool;
  const words = variant?.command ?? presentation.command;
  const word = words[words.length - 1] ?? tool.name;
  const fixed: Readonly<Record<string, unknown>> = variant?.fixed ?? {};
  const called = variant ? `${tool.name} with ${describeFixed(fixed)}` : tool.name;
  const command = parent
    .command(word)
    .description(`${variant?.summary ?? presentation.summary} (${called})`);
  const fields = readInputFields(tool.inputSchema).filter((field) => !(field.name in fixed));
  const positional: readonly string[] = (presentation.arguments ?? []).filter(
    (name) => !(name in fixed),
  );
  const documents: readonly string[] = presentation.documents ?? [];
  const shortFlags: Readonly<Record<string, string | undefined>> = presentation.shortFlags ?? {};
  const slots: FieldSlot[] = [];
  // A single-value argument keeps its flag when it is optional or has a short
  // flag (`task done add-login 1.1` and `task done 1.1 -c add-login`); the
  // words then fill the arguments not given by flag, so from the first such
  // argument on, commander must take each as optional (collectToolInput
  // checks the required ones).
  const keepsFlag = (field: InputField) =>
    field.listWords === undefined && (!field.required || shortFlags[field.name] !== undefined);
  let shifting = false;
  for (const [index, name] of positional.entries()) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) throw new Error(`${tool.name}: argument ${name} is not an input field.`);
    shifting ||= keepsFlag(field);
    const words = field.listWords;
    const variadic = words ? "..." : "";
    const optional = !field.required || shifting;
    const listed =
      words && words.length > 0
        ? `${field.description} (one or more, or ${words.join(" or ")})`
        : field.description;
    // Shown in brackets only because the words may come in any order or by flag: help still says it must be given.
    const argument = new Argument(
      optional ? `[${flagName(name)}${variadic}]` : `<${flagName(name)}${variadic}>`,
      field.required && optional ? `${listed} (required)` : listed,
    );
    if (field.kind === "number") argument.argParser(parseNumberValue);
    if (field.kind === "enum") argument.choices(field.values);
    command.addArgument(argument);
    slots.push({ field, from: "argument", index, document: documents.includes(name) });
  }
  const paths: readonly string[] = presentation.paths ?? [];
  for (const field of fields) {
    const isPositional = positional.includes(field.name);
    if (isPositional && !keepsFlag(field)) continue;
    const isDocument = documents.includes(field.name);
    const help = {
      ...field,
      // Given as a word or by flag: the flag alone is never mandatory.
      required: field.required && !isPositional,
      description: `${shellHelp(field, paths.includes(field.name))}${isDocument ? " (text, @file, or - for stdin)" : ""}`,
    };
    const option = fieldOption(help, shortFlags[field.name], isDocument);
    command.addOption(option);
    const negation = negationOption(field);
    if (negation) command.addOption(negation);
    slots.push({
      field,
      from: "option",
      attribute: option.attributeName(),
      negated: isNegation(field),
      document: isDocument,
    });
  }
  const valueSlots: ValueSlot[] = (presentation.valueFlags ?? []).map((valueFlag) => {
    const option = new Option(
      `--${valueFlag.flag}`,
      valueFlag.value === true
        ? `the same as --${flagName(valueFlag.field)}`
        : `the same as --${flagName(valueFlag.field)} ${String(valueFlag.value)}`,
    );
    command.addOption(option);
    return { ...valueFlag, attribute: option.attributeName() };
  });
  command.action(async (...values: unknown[]) => {
    if (before && (await before(command))) return;
    const input = await collectToolInput(session, command, tool, slots, valueSlots, values);
    if (input) await session.run(command, tool, { ...input, ...fixed });
  });
  return command;
}

/** A field's help with what the shell adds: relative paths, and the current folder as the default repository. */
function shellHelp(field: InputField, isPath: boolean): string {
  const relative = isPath ? " From the shell, a relative path starts at the current folder." : "";
  const fallback =
    field.name === "workdir"
      ? " Without --source or --workdir: the current folder (the nearest one upward with openspec/)."
      : "";
  // The catalog's words may end without a full stop ("Absolute path"); the shell's follow as sentences.
  const own = /[.!?)]$/.test(field.description) ? field.description : `${field.description}.`;
  return `${own}${relative}${fallback}`;
}

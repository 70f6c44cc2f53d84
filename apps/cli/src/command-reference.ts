import type { ToolDefinition } from "@org/openspec-core";
import { Command, type Option } from "commander";
import { registerToolCommands } from "./commands/register-tool-commands.js";
import { createSession } from "./session.js";

/**
 * The README's table of tool commands, read from the commands the shell CLI
 * generates for `tools`: each command with its arguments, its flags (enum
 * values and required ones marked) and the tool it calls. Markdown, one row
 * per tool, in catalog order.
 */
export function commandReference(tools: readonly ToolDefinition[]): string {
  const silent = { out: () => {}, err: () => {}, color: false };
  const program = new Command("openspec-agent");
  registerToolCommands(program, tools, createSession(silent, {}, "/"));
  const rows = tools.map((tool) => {
    let command = program;
    for (const word of tool.presentation.command) {
      const next = command.commands.find((child) => child.name() === word);
      if (!next) throw new Error(`${tool.name} has no command ${word}.`);
      command = next;
    }
    const args = command.registeredArguments
      .map((argument) => (argument.required ? `<${argument.name()}>` : `[${argument.name()}]`))
      .join(" ");
    return [
      code(tool.presentation.command.join(" ")),
      args === "" ? "" : code(args),
      command.options.map((option) => code(flagUsage(option))).join(" "),
      code(tool.name),
    ];
  });
  return [
    "| command | arguments | flags | tool |",
    "| --- | --- | --- | --- |",
    ...rows.map((cells) => `| ${cells.join(" | ")} |`),
  ].join("\n");
}

function flagUsage(option: Option): string {
  const flags = option.argChoices
    ? option.flags.replace(/<[^>]*>/, `<${option.argChoices.join("|")}>`)
    : option.flags;
  return option.mandatory ? `${flags} (required)` : flags;
}

/** A table cell in backticks, with the pipe escaped so it does not end the cell. */
function code(text: string): string {
  return `\`${text.replace(/\|/g, "\\|")}\``;
}

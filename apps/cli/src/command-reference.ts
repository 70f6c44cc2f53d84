import type { ToolDefinition } from "@org/openspec-core";
import { Command, type Option } from "commander";
import { describeFixed } from "./commands/describe-fixed.js";
import { registerToolCommands } from "./commands/register-tool-commands.js";
import { createSession } from "./session.js";

/**
 * The README's table of tool commands, read from the commands the shell CLI
 * generates for `tools`: each command with its arguments, its flags (enum
 * values and required ones marked) and the tool it calls. Markdown, one row
 * per tool and one per variant command (with the fields it fixes), in
 * catalog order.
 */
export function commandReference(tools: readonly ToolDefinition[]): string {
  const silent = { out: () => {}, err: () => {}, color: false };
  const program = new Command("openspec-agent");
  registerToolCommands(program, tools, createSession(silent, {}, "/"));
  const entries = tools.flatMap((tool) => [
    { tool, words: tool.presentation.command, fixed: "" },
    ...(tool.presentation.variants ?? []).map((variant) => ({
      tool,
      words: variant.command,
      fixed: ` with ${describeFixed(variant.fixed)}`,
    })),
  ]);
  const rows = entries.map(({ tool, words, fixed }) => {
    let command = program;
    for (const word of words) {
      const next = command.commands.find((child) => child.name() === word);
      if (!next) throw new Error(`${tool.name} has no command ${word}.`);
      command = next;
    }
    const args = command.registeredArguments
      .map((argument) => {
        const name = `${argument.name()}${argument.variadic ? "..." : ""}`;
        return argument.required ? `<${name}>` : `[${name}]`;
      })
      .join(" ");
    return [
      code(words.join(" ")),
      args === "" ? "" : code(args),
      command.options.map((option) => code(flagUsage(option))).join(" "),
      `${code(tool.name)}${fixed}`,
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

import { toolCatalog } from "@org/openspec-core";
import { flagName } from "@org/openspec-core/startup";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createSession } from "../session.js";
import { readInputFields } from "./read-input-fields.js";
import { registerToolCommands } from "./register-tool-commands.js";

/** Every tool command and variant command of the catalog, with the fields it leaves to the user. */
function catalogCommands() {
  const silent = { out: () => {}, err: () => {}, color: false };
  const program = new Command("openspec-agent");
  registerToolCommands(program, toolCatalog, createSession(silent, {}, "/"));
  return toolCatalog.flatMap((tool) =>
    [
      { words: tool.presentation.command, fixed: {} },
      ...(tool.presentation.variants ?? []).map((variant) => ({
        words: variant.command,
        fixed: variant.fixed,
      })),
    ].map(({ words, fixed }) => {
      let command = program;
      for (const word of words) {
        const next = command.commands.find((child) => child.name() === word);
        if (!next) throw new Error(`${tool.name} has no command ${words.join(" ")}.`);
        command = next;
      }
      const fields = readInputFields(tool.inputSchema).filter((field) => !(field.name in fixed));
      return { words: words.join(" "), command, fields };
    }),
  );
}

/**
 * Whether the help says a field must be given: a required argument
 * (`<title>` in the usage line), or an argument or flag line that says
 * "(required)".
 */
function saysRequired(help: string, name: string): boolean {
  const flag = flagName(name);
  if (new RegExp(`<${flag}(\\.\\.\\.)?>`).test(help.split("\n")[0] ?? "")) return true;
  const lines = help.split("\n");
  const start = lines.findIndex((line) => new RegExp(`^\\s+(-\\w, )?(--)?${flag}\\b`).test(line));
  if (start === -1) return false;
  // The line and its wrapped continuation, up to the next argument or flag.
  const next = lines.findIndex((line, index) => index > start && /^\s{2}\S/.test(line));
  const entry = lines.slice(start, next === -1 ? undefined : next).join(" ");
  return entry.includes("(required");
}

describe("the shell help of every tool command marks each field it cannot do without", () => {
  it("GIVEN every command of the catalog and its variants WHEN its help is shown THEN every required input field is a required argument or says (required)", () => {
    const unmarked: string[] = [];
    for (const { words, command, fields } of catalogCommands()) {
      const help = command.helpInformation();
      for (const field of fields.filter((candidate) => candidate.required)) {
        if (!saysRequired(help, field.name)) unmarked.push(`${words}: ${field.name}`);
      }
    }
    expect(unmarked).toEqual([]);
  });
});

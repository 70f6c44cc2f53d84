import type { ToolDefinition } from "@org/openspec-core";
import type { Command } from "commander";
import type { Session } from "../session.js";
import { addToolCommand } from "./add-tool-command.js";
import { parentCommand } from "./parent-command.js";
import { registerImportCommand, SOURCE_IMPORT_TOOL } from "./register-import-command.js";

/**
 * One shell command per tool, plus one per variant it declares (`task done`
 * for `done: true`), generated from the tools' definitions: a new tool in the
 * catalog appears here with no change to the shell CLI.
 */
export function registerToolCommands(
  program: Command,
  tools: readonly ToolDefinition[],
  session: Session,
): void {
  for (const tool of tools) {
    if (tool.name === SOURCE_IMPORT_TOOL) {
      // `sources import` holds this tool and the Hermes import side by side.
      registerImportCommand(program, session, tool);
      continue;
    }
    const parent = parentCommand(program, tool.presentation.command.slice(0, -1));
    addToolCommand(parent, tool, session);
    for (const variant of tool.presentation.variants ?? []) {
      addToolCommand(parentCommand(program, variant.command.slice(0, -1)), tool, session, variant);
    }
  }
}

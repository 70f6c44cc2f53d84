import { type ToolLoader, toolLoaders } from "./tool-loaders.js";

/**
 * The tool whose shell command (or variant) the first words of a command line
 * name: `context shop` → openspec_context, `task done x` → openspec_task_set_status.
 * Undefined when the words name no tool command.
 */
export function toolForCommand(words: readonly string[]): ToolLoader | undefined {
  return toolLoaders.find((tool) =>
    tool.commands.some(
      (command) =>
        command.length <= words.length && command.every((word, index) => words[index] === word),
    ),
  );
}

import type { Command } from "commander";

/**
 * The command that holds the subcommands named by `words` (`["spec"]` for
 * `spec create`), made on first use; `describeGroups` describes it once
 * every subcommand is in.
 */
export function parentCommand(program: Command, words: readonly string[]): Command {
  let parent = program;
  for (const word of words) {
    parent = parent.commands.find((command) => command.name() === word) ?? parent.command(word);
  }
  return parent;
}

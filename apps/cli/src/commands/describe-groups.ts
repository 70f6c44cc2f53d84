import type { Command } from "commander";

/**
 * Gives each command that only groups others (`spec`, `sources`) a
 * description naming its subcommands, so a new tool's words need no text here.
 */
export function describeGroups(command: Command): void {
  for (const child of command.commands) {
    describeGroups(child);
    if (child.commands.length > 0 && child.description() === "") {
      const names = child.commands.map((sub) => sub.name());
      child.description(`${child.name()} commands: ${names.join(", ")}`);
    }
  }
}

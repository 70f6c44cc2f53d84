import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { repositoryTarget, type Session } from "../session.js";
import { USAGE_ERROR } from "../usage-error.js";
import { withTarget } from "./repository-commands.js";

type TargetOptions = { source?: string; workdir?: string };

/** `spec create|show|list`: the filesystem spec tools. */
export function registerSpecCommands(program: Command, session: Session): void {
  const spec = program
    .command("spec")
    .description("create, show and list specs without the OpenSpec CLI");

  withTarget(spec.command("create"))
    .description(
      "write openspec/specs/<name>/spec.md, or a change's delta spec (openspec_spec_create)",
    )
    .argument("<name>", "kebab-case spec name")
    .requiredOption("--title <title>", "the spec title")
    .requiredOption("--purpose <text>", "why the capability exists")
    .requiredOption(
      "--requirements <json>",
      'requirements as JSON, @file.json, or - for stdin: [{"name","description","scenarios":[{"name","steps":[{"type":"WHEN","text"}]}]}]',
    )
    .option("-c, --change <name>", "write into this active change as a delta")
    .option("--force", "replace an existing spec")
    .action(
      async (
        name: string,
        options: TargetOptions & {
          title: string;
          purpose: string;
          requirements: string;
          change?: string;
          force?: boolean;
        },
        command: Command,
      ) => {
        const requirements = readJsonArgument(session, "--requirements", options.requirements);
        if (!requirements) return;
        await session.run(command, "openspec_spec_create", {
          ...repositoryTarget(session, options),
          name,
          title: options.title,
          purpose: options.purpose,
          requirements: requirements.value,
          ...(options.change === undefined ? {} : { change: options.change }),
          ...(options.force ? { force: true } : {}),
        });
      },
    );

  withTarget(spec.command("show"))
    .description("a spec as title, purpose, requirements and scenarios (openspec_spec_show)")
    .argument("<name>", "spec id, e.g. auth or platform/session")
    .option("-c, --change <name>", "read this change's delta spec")
    .action(
      async (name: string, options: TargetOptions & { change?: string }, command: Command) => {
        await session.run(command, "openspec_spec_show", {
          ...repositoryTarget(session, options),
          name,
          ...(options.change === undefined ? {} : { change: options.change }),
        });
      },
    );

  withTarget(spec.command("list"))
    .description("spec ids under openspec/specs, or under a change (openspec_spec_list)")
    .option("-c, --change <name>", "list this change's delta specs")
    .action(async (options: TargetOptions & { change?: string }, command: Command) => {
      await session.run(command, "openspec_spec_list", {
        ...repositoryTarget(session, options),
        ...(options.change === undefined ? {} : { change: options.change }),
      });
    });
}

/**
 * JSON given inline, as @file, or as - for stdin. A value that cannot be read
 * is a usage error: it is printed, the exit code becomes 2, and undefined comes back.
 */
export function readJsonArgument(
  session: Session,
  flag: string,
  value: string,
): { value: unknown } | undefined {
  try {
    const text =
      value === "-"
        ? readFileSync(0, "utf8")
        : value.startsWith("@")
          ? readFileSync(resolve(session.cwd, value.slice(1)), "utf8")
          : value;
    return { value: JSON.parse(text) };
  } catch (error) {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    const reason = error instanceof SyntaxError ? "is not valid JSON" : "cannot be read";
    session.terminal.err(`error: ${flag} "${shown}" ${reason}.`);
    session.exitCode = USAGE_ERROR;
    return undefined;
  }
}

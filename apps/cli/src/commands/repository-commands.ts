import type { Command } from "commander";
import { numberOption, repositoryTarget, type Session } from "../session.js";

type TargetOptions = { source?: string; workdir?: string };

/** Adds --source and --workdir, the two ways to pick a repository. */
export function withTarget(command: Command): Command {
  return command
    .option("-s, --source <name>", "a registered source: vanity name, folder basename or os_ token")
    .option(
      "-w, --workdir <path>",
      "a repository folder (default: the nearest folder upward with openspec/)",
    );
}

/** One command per repository-scoped catalog tool, with flags that mirror its input. */
export function registerRepositoryCommands(program: Command, session: Session): void {
  program
    .command("context")
    .description("resolve <source>, <source>/<os_token> or <source>/<name> (openspec_context)")
    .argument("<identifier>", "what to resolve")
    .option("--limit <n>", "entries per list", numberOption)
    .option("--offset <n>", "skip this many entries of each list", numberOption)
    .option("--query <text>", "keep entries whose name or path contains this")
    .action(
      async (
        identifier: string,
        options: { limit?: number; offset?: number; query?: string },
        command: Command,
      ) => {
        await session.run(command, "openspec_context", { identifier, ...options });
      },
    );

  withTarget(program.command("list"))
    .description("list changes, or specs with --specs (openspec_list)")
    .option("--specs", "list specs instead of changes")
    .option("--sort <order>", "recent or name")
    .action(
      async (options: TargetOptions & { specs?: boolean; sort?: string }, command: Command) => {
        await session.run(command, "openspec_list", {
          ...repositoryTarget(session, options),
          kind: options.specs ? "specs" : "changes",
          ...(options.sort === undefined ? {} : { sort: options.sort }),
        });
      },
    );

  withTarget(program.command("show"))
    .description("show a change or spec as the OpenSpec CLI reports it (openspec_show)")
    .argument("<target>", "change name or spec id")
    .option("--type <type>", "change or spec")
    .option("--deltas-only", "changes: only the deltas")
    .option("--requirements", "specs: only the requirements")
    .option("--no-scenarios", "leave scenario content out")
    .option("-r, --requirement <n>", "specs: only this 1-based requirement", numberOption)
    .action(
      async (
        target: string,
        options: TargetOptions & {
          type?: string;
          deltasOnly?: boolean;
          requirements?: boolean;
          scenarios: boolean;
          requirement?: number;
        },
        command: Command,
      ) => {
        await session.run(command, "openspec_show", {
          ...repositoryTarget(session, options),
          target,
          ...(options.type === undefined ? {} : { type: options.type }),
          ...(options.deltasOnly ? { deltas_only: true } : {}),
          ...(options.requirements ? { requirements: true } : {}),
          ...(options.scenarios === false ? { no_scenarios: true } : {}),
          ...(options.requirement === undefined ? {} : { requirement: options.requirement }),
        });
      },
    );

  withTarget(program.command("validate"))
    .description(
      "validate strictly: one target, or --all (default), --changes, --specs (openspec_validate)",
    )
    .argument("[target]", "change name or spec id")
    .option("--type <type>", "change or spec")
    .option("--all", "every change and spec")
    .option("--changes", "every change")
    .option("--specs", "every spec")
    .action(
      async (
        target: string | undefined,
        options: TargetOptions & {
          type?: string;
          all?: boolean;
          changes?: boolean;
          specs?: boolean;
        },
        command: Command,
      ) => {
        const scope = options.changes
          ? "changes"
          : options.specs
            ? "specs"
            : options.all
              ? "all"
              : undefined;
        await session.run(command, "openspec_validate", {
          ...repositoryTarget(session, options),
          ...(target === undefined ? {} : { target }),
          ...(options.type === undefined ? {} : { type: options.type }),
          ...(scope === undefined ? {} : { scope }),
        });
      },
    );

  withTarget(program.command("status"))
    .description("artifact status of a change (openspec_status)")
    .option("-c, --change <name>", "the change (default: the only active one)")
    .option("--schema <name>", "a workflow schema")
    .action(
      async (options: TargetOptions & { change?: string; schema?: string }, command: Command) => {
        await session.run(command, "openspec_status", {
          ...repositoryTarget(session, options),
          ...(options.change === undefined ? {} : { change: options.change }),
          ...(options.schema === undefined ? {} : { schema: options.schema }),
        });
      },
    );

  withTarget(program.command("instructions"))
    .description("instructions for writing an artifact, or apply (openspec_instructions)")
    .argument("<artifact>", "proposal, specs (or spec), design, tasks, apply")
    .option("-c, --change <name>", "the change (default: the only active one)")
    .option("--schema <name>", "a workflow schema")
    .action(
      async (
        artifact: string,
        options: TargetOptions & { change?: string; schema?: string },
        command: Command,
      ) => {
        await session.run(command, "openspec_instructions", {
          ...repositoryTarget(session, options),
          artifact,
          ...(options.change === undefined ? {} : { change: options.change }),
          ...(options.schema === undefined ? {} : { schema: options.schema }),
        });
      },
    );
}

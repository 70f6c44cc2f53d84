import type { Workflow, WorkflowArgument } from "@org/openspec-core";
import { flagName } from "@org/openspec-core/startup";
import { type Command, Option } from "commander";
import { escapeControlCharacters } from "../output/escape-control-characters.js";
import { formatTable } from "../output/format-table.js";
import type { Session } from "../session.js";

/**
 * `workflows` and `workflows show <name>`: the OpenSpec workflows as text a
 * person can paste into any agent. They read no repository, so they are not
 * catalog tools; the options of `show` come from the workflows' arguments.
 */
export function registerWorkflowCommands(
  program: Command,
  session: Session,
  workflows: readonly Workflow[],
): void {
  const group = program
    .command("workflows")
    .description("the OpenSpec workflows for agents (explore, propose, apply, ...): list them")
    .action((_options: object, command: Command) => {
      if (wantsJson(command)) {
        const listed = workflows.map(({ name, description, arguments: args }) => ({
          name,
          description,
          arguments: args.map(({ name: argName, description: about, required }) => ({
            name: argName,
            description: about,
            required,
          })),
        }));
        session.terminal.out(JSON.stringify({ ok: true, workflows: listed }, null, 2));
        return;
      }
      session.terminal.out(
        formatTable(
          ["WORKFLOW", "DESCRIPTION"],
          workflows.map((workflow) => [workflow.name, workflow.description]),
        ),
      );
    });

  const show = group
    .command("show")
    .description("print one workflow's instructions, with the arguments given filled in")
    .argument("<name>", `the workflow: ${workflows.map((workflow) => workflow.name).join(", ")}`);
  for (const argument of distinctArguments(workflows)) {
    show.addOption(new Option(`--${flagName(argument.name)} <value>`, argument.description));
  }
  show.action(
    async (name: string, options: Record<string, string | undefined>, command: Command) => {
      const { renderWorkflow } = await (
        await import("@org/openspec-core/startup")
      ).loadDefinitions();
      const given: Record<string, string> = {};
      for (const argument of distinctArguments(workflows)) {
        const value = options[optionKey(argument)];
        if (value !== undefined) given[argument.name] = value;
      }
      const rendered = renderWorkflow(name, given);
      if (rendered.ok && !wantsJson(command)) {
        session.terminal.out(escapeControlCharacters(rendered.text));
        return;
      }
      session.print(command, "workflows_show", rendered);
    },
  );
}

function wantsJson(command: Command): boolean {
  return command.optsWithGlobals<{ json?: boolean }>().json === true;
}

/** Each argument name once, with the description of the first workflow that takes it. */
function distinctArguments(workflows: readonly Workflow[]): WorkflowArgument[] {
  const seen = new Map<string, WorkflowArgument>();
  for (const argument of workflows.flatMap((workflow) => workflow.arguments)) {
    if (!seen.has(argument.name)) seen.set(argument.name, argument);
  }
  return [...seen.values()];
}

/** The key commander stores a `--kebab-name` option under. */
function optionKey(argument: WorkflowArgument): string {
  return flagName(argument.name).replace(/-([a-z])/g, (_match, letter: string) =>
    letter.toUpperCase(),
  );
}

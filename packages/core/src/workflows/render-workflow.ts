import { type Failure, failure } from "@org/openspec-failure";
import { workflowCatalog } from "./workflow-catalog.js";
import type { Workflow, WorkflowArgument } from "./workflow-definition.js";

export type WorkflowFailureCode =
  | "unknown_workflow"
  | "unknown_argument"
  | "missing_argument"
  | "invalid_argument";

/** A workflow's instructions with its arguments filled in, ready to hand an agent. */
export type RenderedWorkflow = {
  ok: true;
  name: string;
  description: string;
  /** The given arguments, blank ones left out. */
  arguments: Record<string, string>;
  text: string;
};

const NAME_MAX = 256;
const TEXT_MAX = 10_000;

/** The workflow of that name, if there is one. */
export function findWorkflow(name: string): Workflow | undefined {
  return workflowCatalog.find((workflow) => workflow.name === name);
}

/**
 * Fills a workflow's arguments into its instructions. A blank value counts as
 * not given (clients send "" for fields a person left empty); the text then
 * says what the agent should do instead. Every outcome is a value.
 */
export function renderWorkflow(
  name: string,
  values: Readonly<Record<string, string | undefined>> = {},
): RenderedWorkflow | Failure<WorkflowFailureCode> {
  const workflow = findWorkflow(name);
  if (workflow === undefined) {
    return failure(
      "unknown_workflow",
      `There is no workflow named "${name}".`,
      `Use one of: ${workflowCatalog.map((known) => known.name).join(", ")}.`,
    );
  }
  const known = new Set(workflow.arguments.map((argument) => argument.name));
  const unknown = Object.keys(values).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    return failure(
      "unknown_argument",
      `The ${name} workflow takes no argument named ${unknown.map((key) => `"${key}"`).join(", ")}.`,
      `Its arguments are: ${[...known].join(", ")}.`,
    );
  }
  const given: Record<string, string> = {};
  for (const argument of workflow.arguments) {
    const value = values[argument.name]?.trim() ?? "";
    if (value === "") {
      if (argument.required) {
        return failure(
          "missing_argument",
          `The ${name} workflow needs the "${argument.name}" argument: ${lowerFirst(argument.description)}`,
          `Give ${argument.name}, e.g. ${argument.name}=<${argument.name}>.`,
        );
      }
      continue;
    }
    const problem = checkValue(argument, value);
    if (problem !== undefined) {
      return failure(
        "invalid_argument",
        `The "${argument.name}" argument ${problem}.`,
        fixFor(argument),
      );
    }
    given[argument.name] = value;
  }
  return {
    ok: true,
    name: workflow.name,
    description: workflow.description,
    arguments: given,
    text: fillIn(workflow, given),
  };
}

/**
 * A workflow's instructions with no argument given, required ones included:
 * for hosts where the agent learns the arguments from the conversation
 * (Hermes skills), so each argument says what to do without it.
 */
export function renderWorkflowTemplate(workflow: Workflow): string {
  return fillIn(workflow, {});
}

function checkValue(argument: WorkflowArgument, value: string): string | undefined {
  if (argument.kind === "text") {
    if (value.length > TEXT_MAX) return `is longer than ${TEXT_MAX} characters`;
    // Line breaks and tabs belong in prose; other control characters only reach a terminal or a model as noise or escapes.
    return /[^\P{Cc}\n\r\t]/u.test(value) ? "holds control characters" : undefined;
  }
  if (value.length > NAME_MAX) return `is longer than ${NAME_MAX} characters`;
  // A name is quoted in code spans inside the text; a line break or backtick would break out of it,
  // and invisible format characters (bidi overrides, zero-width) would make it read as another name.
  if (/[\p{Cc}\p{Cf}`]/u.test(value)) {
    return "must be one line without backticks, control or invisible format characters";
  }
  return undefined;
}

function fixFor(argument: WorkflowArgument): string {
  return argument.kind === "text"
    ? `Shorten ${argument.name} to at most ${TEXT_MAX} characters.`
    : `Give ${argument.name} as a plain name, e.g. the one openspec_source_list or openspec_list shows.`;
}

function fillIn(workflow: Workflow, given: Record<string, string>): string {
  const byName = new Map(workflow.arguments.map((argument) => [argument.name, argument]));
  // One pass, so a value that happens to contain `{{...}}` is never filled in again. Values
  // appear as JSON strings: most placeholders sit inside code spans as a tool's argument.
  const body = workflow.instructions.replace(/\{\{([a-z_]+)\}\}/g, (placeholder, key: string) => {
    const argument = byName.get(key);
    if (argument === undefined) return placeholder;
    const value = given[key];
    return value === undefined ? `<${key}>` : JSON.stringify(value);
  });
  // The title stays first; what was given, and what to do about the rest, follows it.
  const split = body.indexOf("\n\n");
  const title = split === -1 ? body : body.slice(0, split);
  const rest = split === -1 ? "" : body.slice(split);
  return `${title}\n\n${argumentsSection(workflow, given)}${rest}\n`;
}

function argumentsSection(workflow: Workflow, given: Record<string, string>): string {
  const lines = workflow.arguments.map((argument) => {
    const value = given[argument.name];
    if (value === undefined) return `- **${argument.name}**: not given; ${argument.whenAbsent}`;
    return argument.kind === "name"
      ? `- **${argument.name}**: \`${value}\``
      : `- **${argument.name}**: given below.`;
  });
  const texts = workflow.arguments
    .filter((argument) => argument.kind === "text" && given[argument.name] !== undefined)
    .map((argument) => `\n\n**${argument.name}**:\n\n${quote(given[argument.name] ?? "")}`);
  return `## Arguments\n\n${lines.join("\n")}${texts.join("")}`;
}

function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

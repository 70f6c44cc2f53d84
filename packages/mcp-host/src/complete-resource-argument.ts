import type { CompleteResult } from "@modelcontextprotocol/server";
import { type Catalog, workflowCatalog } from "@org/openspec-core";
import { completionValues } from "./completion-values.js";
import { listSources } from "./list-sources.js";
import { readOverview } from "./read-overview.js";
import {
  ARCHIVED_CHANGE_TEMPLATE,
  resourceTemplates,
  SKILL_TEMPLATE,
} from "./resource-templates.js";

/**
 * Completes a variable of one of the resource templates: a skill's `path` to
 * each workflow's SKILL.md, `source` to the
 * names the URIs use, `spec` to the spec ids, `idea` to the idea slugs, `change` to the active changes
 * (archived ones for the archive template) of `context.arguments.source`, or
 * of the only registered source. An unknown template or variable completes
 * to nothing.
 */
export async function completeResourceArgument(
  catalog: Catalog,
  template: string,
  argument: { name: string; value: string },
  given: Readonly<Record<string, string>>,
): Promise<CompleteResult> {
  const known = resourceTemplates.find((entry) => entry.uriTemplate === template);
  if (known === undefined || !variablesOf(template).includes(argument.name)) {
    return completionValues([], argument.value);
  }
  if (template === SKILL_TEMPLATE) {
    return completionValues(
      workflowCatalog.map((workflow) => `${workflow.name}/SKILL.md`),
      argument.value,
    );
  }
  const sources = await listSources(catalog);
  if (argument.name === "source") {
    return completionValues(
      sources.map((source) => source.name),
      argument.value,
    );
  }
  const named = given.source?.trim();
  const source = named || (sources.length === 1 ? sources[0]?.name : undefined);
  if (source === undefined) return completionValues([], argument.value);
  const overview = await readOverview(catalog, source, argument.value);
  if (overview === undefined) return completionValues([], argument.value);
  const candidates =
    argument.name === "spec"
      ? overview.specs.map((spec) => spec.path.replace(/\/spec\.md$/, ""))
      : argument.name === "idea"
        ? overview.ideas.map((idea) => idea.slug)
        : template === ARCHIVED_CHANGE_TEMPLATE
          ? overview.archived_changes.map((change) => change.name)
          : overview.changes.map((change) => change.name);
  return completionValues(candidates, argument.value);
}

function variablesOf(template: string): string[] {
  return [...template.matchAll(/\{\+?(\w+)\}/g)].map((match) => match[1] ?? "");
}

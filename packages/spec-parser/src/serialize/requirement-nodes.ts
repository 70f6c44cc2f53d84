import type { Heading, List, RootContent } from "mdast";
import type { RequirementInput, ScenarioStep } from "../types.js";
import { markdownBlock, markdownInline } from "./markdown-source.js";

/**
 * A heading `<label><name>`. Caller text goes in as an `html` node, which
 * remark-stringify writes verbatim: it is Markdown already, and escaping it
 * would change the name the CLI reads back.
 */
export function labelledHeading(depth: Heading["depth"], label: string, name: string): Heading {
  const children: Heading["children"] = [];
  if (label !== "") children.push({ type: "text", value: label });
  children.push({ type: "html", value: markdownInline(name) });
  return { type: "heading", depth, children };
}

/** Caller Markdown as a block, or nothing when it is empty. */
export function markdownNodes(text: string): RootContent[] {
  const value = markdownBlock(text);
  return value === "" ? [] : [{ type: "html", value }];
}

function stepList(steps: ScenarioStep[]): List {
  return {
    type: "list",
    ordered: false,
    spread: false,
    children: steps.map((step) => {
      const text = markdownInline(step.text);
      return {
        type: "listItem",
        spread: false,
        children: [
          {
            type: "paragraph",
            children: [
              { type: "strong", children: [{ type: "text", value: step.type }] },
              ...(text === "" ? [] : [{ type: "html" as const, value: ` ${text}` }]),
            ],
          },
        ],
      };
    }),
  };
}

/** `### Requirement: <name>`, its text, then `#### Scenario: <name>` with a bullet per step. */
export function requirementNodes(requirement: RequirementInput): RootContent[] {
  const nodes: RootContent[] = [
    labelledHeading(3, "Requirement: ", requirement.name),
    ...markdownNodes(requirement.text),
  ];
  for (const scenario of requirement.scenarios ?? []) {
    nodes.push(labelledHeading(4, "Scenario: ", scenario.name));
    if (scenario.steps.length > 0) nodes.push(stepList(scenario.steps));
  }
  return nodes;
}

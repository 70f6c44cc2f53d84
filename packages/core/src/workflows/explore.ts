import type { Workflow } from "./workflow-definition.js";
import { CONFIRM_REPOSITORY, changeArgument, sourceArgument } from "./workflow-parts.js";

export const exploreWorkflow: Workflow = {
  name: "explore",
  description:
    "Think a problem through with the user, reading specs and changes, without writing anything.",
  arguments: [
    sourceArgument(["openspec_spec_list", "openspec_spec_show", "openspec_show"]),
    changeArgument(["openspec_spec_list", "openspec_spec_show"], {
      whenAbsent:
        "explore the repository as a whole; look at a change only when the talk turns to one.",
    }),
    {
      name: "topic",
      description: "What to think about: a question, an idea, a problem.",
      required: false,
      kind: "text",
      whenAbsent: "ask the user what is on their mind.",
      feeds: [{ tool: "openspec_context", field: "query" }],
    },
  ],
  instructions: `# Explore

You are a thinking partner here, not an implementer. Read, ask, compare options and draw pictures in text; write nothing, neither code nor OpenSpec artifacts.

Change in focus: {{change}}.

${CONFIRM_REPOSITORY}

### Get to know what is there

- \`openspec_spec_list\` names the specs; \`openspec_spec_show\` reads one with its requirements and scenarios. These are what the system does today.
- \`openspec_context\` with \`identifier: "<source-name>/<change-name>"\` reads a change's proposal, design, tasks and delta specs at once; \`openspec_show\` gives the CLI's view of a change or spec. \`openspec_context\` with a \`query\` narrows long lists to the topic.
- Read the project's own code and documents too, when the question is about them; only read.

### How to explore

- Follow the user's thread rather than a script. Ask the questions that change the answer; skip the ones that do not.
- Lay out options with their trade-offs, and say which one you would pick and why.
- Point out where what you read disagrees: between two specs, between a spec and the code, or between a change and the spec it modifies.
- Small diagrams (boxes and arrows, tables) often say more than paragraphs.

### When it settles

Summarise what was decided and what is still open. If it is worth building, offer to capture it: the propose workflow creates a change (\`openspec_change_create\`), and for a change in focus the update workflow revises its artifacts. Only do so when the user says yes; this workflow itself ends without writing.`,
};

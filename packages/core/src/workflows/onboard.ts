import type { Workflow } from "./workflow-definition.js";
import { CONFIRM_REPOSITORY, sourceArgument } from "./workflow-parts.js";

export const onboardWorkflow: Workflow = {
  name: "onboard",
  description:
    "Show a newcomer how OpenSpec works here, walking one small change from idea to archive.",
  arguments: [sourceArgument(["openspec_spec_show", "openspec_list", "openspec_change_create"])],
  instructions: `# Onboard

Guide the user through OpenSpec on their own repository, one phase at a time, explaining as you go. Pause after each phase and let them ask questions before going on.

${CONFIRM_REPOSITORY}

### 1. What is here

Show what \`openspec_context\` returned: the specs (what the system does today, one folder per capability), the active changes (proposals not yet archived, with task progress) and the archive (what was done). Open one spec with \`openspec_spec_show\` and explain requirements (SHALL/MUST) and scenarios (GIVEN/WHEN/THEN). \`openspec_list\` shows the same changes as the OpenSpec CLI sees them.

### 2. Pick something small

Together with the user, find one small, real improvement: a missing check, a rough edge in the docs, a small behaviour. Look at the code read-only to ground it. Keep it small enough to finish in this sitting.

### 3. Propose

Explain the four artifacts (proposal: why and what; delta specs: the requirements it adds or changes; design: how, when there is a decision; tasks: the steps). Then follow the propose workflow: draft them with the user and create the change with \`openspec_change_create\`. Show the result with \`openspec_task_list\` and \`openspec_validate\`.

### 4. Apply

Only when the user says to go on: follow the apply workflow, and show how each finished task is ticked with \`openspec_task_set_status\`, one at a time.

### 5. Archive

Preview the effect on the specs with \`openspec_spec_diff\`, then, with the user's agreement, archive with \`openspec_change_archive\` as the archive workflow says. Show the updated spec afterwards.

### Wrap up

Name the workflows they can use from now on: explore, propose, apply, update, sync-specs, verify, archive. Suggest they keep changes small and specs current.`,
};

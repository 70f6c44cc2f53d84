import type { Workflow } from "./workflow-definition.js";
import { CONFIRM_REPOSITORY, changeArgument, sourceArgument } from "./workflow-parts.js";

export const archiveWorkflow: Workflow = {
  name: "archive",
  description:
    "Archive a finished change: check it, preview its effect on the specs, then move it to the archive.",
  arguments: [
    sourceArgument(["openspec_validate", "openspec_task_list"]),
    changeArgument(["openspec_task_list"], {
      alsoAs: [{ tool: "openspec_validate", field: "target" }],
    }),
  ],
  instructions: `# Archive a change

Archive {{change}}: its delta specs are merged into the baseline specs and the change moves to \`openspec/changes/archive/\`.

${CONFIRM_REPOSITORY}
4. Confirm the change among the active changes; when none was named, ask the user which one, even when only one is active.

### Check before archiving

1. \`openspec_validate\` with \`target: {{change}}\`. When it is not valid, show the issues and stop: archive only a valid change.
2. \`openspec_task_list\` with \`change: {{change}}\`. When tasks are open, list them and ask whether to archive anyway. Only an explicit yes allows \`force: true\` below.
3. Preview: \`openspec_spec_diff\` with \`change: {{change}}\`. Show the user, per spec, the requirements added, modified, removed and renamed. When it lists problems, stop and suggest the update workflow. When the baseline already holds the change's requirements (the specs were synced earlier), say so before going on: the archive leaves such specs as they are.

### Archive

After the user agrees with the preview, call \`openspec_change_archive\` with \`change: {{change}}\` (and \`force: true\` only if the user accepted open tasks). It runs the OpenSpec CLI's own archive. When it refuses, report its \`error\` and \`fix\` as they are; do not move folders or edit specs by hand instead.

### Finish

Say where the change was archived and which specs changed. If it was archived by mistake, \`openspec_change_unarchive\` moves it back, but the baseline specs it updated stay as they are; say so when offering it.`,
};

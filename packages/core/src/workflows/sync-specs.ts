import type { Workflow } from "./workflow-definition.js";
import { CONFIRM_REPOSITORY, changeArgument, sourceArgument } from "./workflow-parts.js";

export const syncSpecsWorkflow: Workflow = {
  name: "sync-specs",
  description:
    "Bring the baseline specs up to date with a change's delta specs, without archiving it.",
  arguments: [
    sourceArgument(["openspec_spec_list", "openspec_spec_show", "openspec_spec_create"]),
    changeArgument(["openspec_spec_list", "openspec_spec_show"], { required: true }),
  ],
  instructions: `# Sync specs

Merge the delta specs of {{change}} into the baseline specs (\`openspec/specs/\`) now, while the change stays active. Nothing else is written.

${CONFIRM_REPOSITORY}
4. Check that {{change}} is an active change with delta specs: \`openspec_spec_list\` with \`change: {{change}}\` names them. Without any, there is nothing to sync; say so and stop.

### Preview

Call \`openspec_spec_diff\` with \`change: {{change}}\`. For each spec it lists the requirements added, modified, removed and renamed, a unified diff of the baseline against the merged result, and the problems archiving would hit (a MODIFIED requirement that does not exist, an ADDED one that already does). Show the user the requirement-level summary and any problem, and ask before writing. Resolve problems first: usually the delta spec is wrong, and the update workflow fixes it.

### Write the merged specs

For each spec the user agreed to, write the merged result as the baseline: \`openspec_spec_show\` gives the baseline's title, purpose and requirements; apply the delta (add, replace, remove, rename requirements) and call \`openspec_spec_create\` with the spec's \`name\`, \`title\`, \`purpose\`, \`requirements\` and \`force: true\` (it replaces the existing baseline; a new capability needs no force). Never pass \`change\` here: that would write a delta into the change instead.

Check the result with \`openspec_spec_diff\` (\`spec\` and \`from_git: true\` shows the baseline against the last commit) and \`openspec_validate\` with \`target\` set to the spec id.

### Finish

List the specs written and their requirement changes. Remind the user that the change still holds its delta specs: when it is archived later, the archive finds the baselines already holding them and leaves those specs as they are (its preview shows them unchanged).`,
};

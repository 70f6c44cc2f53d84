import { applyWorkflow } from "./apply.js";
import { archiveWorkflow } from "./archive.js";
import { exploreWorkflow } from "./explore.js";
import { onboardWorkflow } from "./onboard.js";
import { proposeWorkflow } from "./propose.js";
import { syncSpecsWorkflow } from "./sync-specs.js";
import { updateWorkflow } from "./update.js";
import { verifyWorkflow } from "./verify.js";
import type { Workflow } from "./workflow-definition.js";

/** Every workflow, in the order of a change's life. */
export const workflowCatalog: readonly Workflow[] = [
  exploreWorkflow,
  proposeWorkflow,
  applyWorkflow,
  updateWorkflow,
  syncSpecsWorkflow,
  verifyWorkflow,
  archiveWorkflow,
  onboardWorkflow,
];

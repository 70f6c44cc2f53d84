import type { ChangeArtifactKind } from "./change-artifact-warnings.js";

const KINDS: readonly string[] = [
  "proposal",
  "design",
  "tasks",
  "spec",
] satisfies ChangeArtifactKind[];

/**
 * Whether an artifact id is one of the four documents every change has a file
 * name for (proposal.md, design.md, tasks.md, a delta spec); any other id is
 * an artifact of the change's schema, written to the file the schema names.
 */
export function isChangeArtifactKind(artifact: string): artifact is ChangeArtifactKind {
  return KINDS.includes(artifact);
}

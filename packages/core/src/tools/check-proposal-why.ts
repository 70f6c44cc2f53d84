import { type ToolFailure, toolFailure } from "../tool-result.js";

/** The length of a proposal's Why that `openspec validate --strict` accepts. */
const WHY_LENGTH = { min: 50, max: 1000 } as const;

/**
 * Refuses a proposal whose Why `openspec validate --strict` rejects, before
 * anything is written: written, the change would exist and not validate, and
 * the corrected call would then meet change_exists. Other shortfalls (no
 * delta spec yet) are warnings on a written change, since delta specs are
 * often added afterwards.
 */
export function checkProposalWhy(why: string): ToolFailure | null {
  const length = why.trim().length;
  if (length >= WHY_LENGTH.min && length <= WHY_LENGTH.max) return null;
  return toolFailure(
    "invalid_input",
    `The why is ${length} characters, and \`openspec validate --strict\` rejects a proposal whose Why is not ${WHY_LENGTH.min} to ${WHY_LENGTH.max} characters; nothing was written.`,
    `Give {field:why} ${WHY_LENGTH.min} to ${WHY_LENGTH.max} characters: why the change is needed, then call again.`,
  );
}

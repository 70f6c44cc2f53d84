import type { Failure } from "./failure.js";
import { PROMOTION_MARKERS, renderPromotion, replaceMarkedBlock } from "./idea-document.js";
import type { Repository } from "./open-repository.js";
import { rewriteIdea } from "./rewrite-idea.js";
import type { IdeaFile } from "./scan-ideas.js";

/**
 * Writes into an idea which change it became (`## Promoted`, between
 * markers), replacing an earlier record, so the idea links to the change as
 * the change's proposal links back to the idea.
 */
export async function recordIdeaPromotion(
  repository: Repository,
  idea: IdeaFile,
  change: string,
  now: Date = new Date(),
): Promise<{ ok: true } | Failure> {
  const promoted = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  const block = renderPromotion(change, promoted);
  const written = await rewriteIdea(repository, idea, (text) =>
    replaceMarkedBlock(text, PROMOTION_MARKERS, block),
  );
  return written.ok ? { ok: true } : written;
}

import { ideaHash } from "./artifact-token.js";
import { checkIdeaEvaluation } from "./check-idea-content.js";
import type { Failure } from "./failure.js";
import {
  EVALUATION_MARKERS,
  type IdeaEvaluationInput,
  renderEvaluation,
  replaceMarkedBlock,
} from "./idea-document.js";
import { ideaTokenOf } from "./idea-token-of.js";
import { locateIdea } from "./locate-idea.js";
import type { Repository } from "./open-repository.js";
import { rewriteIdea } from "./rewrite-idea.js";

export type EnrichIdeaInput = IdeaEvaluationInput & {
  idea: string;
  /** When the evaluation is written (tests pin it). */
  now?: Date;
};

export type EnrichedIdea = {
  ok: true;
  slug: string;
  token: string;
  path: string;
  generated_at: string;
  /** Whether an earlier evaluation was replaced. */
  replaced: boolean;
};

/**
 * Writes a structured evaluation into an idea, between markers: a second
 * call replaces the first evaluation instead of adding another. The rest of
 * the file is kept as it was.
 */
export async function enrichIdea(
  repository: Repository,
  input: EnrichIdeaInput,
): Promise<EnrichedIdea | Failure> {
  const bad = checkIdeaEvaluation(input);
  if (bad) return bad;
  const located = locateIdea(repository, input.idea);
  if (!located.ok) return located;
  const { idea } = located;
  const generated = (input.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  const block = renderEvaluation(input, generated);
  let replaced = false;
  const written = await rewriteIdea(repository, idea, (text) => {
    replaced = text.includes(EVALUATION_MARKERS.start);
    return replaceMarkedBlock(text, EVALUATION_MARKERS, block);
  });
  if (!written.ok) return written;
  return {
    ok: true,
    slug: idea.slug,
    token: ideaTokenOf(repository, ideaHash(idea.slug)),
    path: idea.path,
    generated_at: generated,
    replaced,
  };
}

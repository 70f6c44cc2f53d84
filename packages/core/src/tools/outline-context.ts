import type { ChangeContext, IdeaContext, SpecContext } from "@org/openspec-artifacts/context";
import { outlineMarkdown } from "./outline-markdown.js";

/** A change, spec or idea answer whose texts are outlines. */
export type OutlinedContext =
  | (ChangeContext & { change: { outline: true } })
  | (SpecContext & { spec: { outline: true } })
  | (IdeaContext & { idea: { outline: true } });

/**
 * One change, spec or idea as `openspec_context` answers it with
 * `detail: "summary"`: each Markdown text (proposal, tasks, design, each delta
 * spec, the spec, the idea) cut to its headings, and `outline: true` saying
 * so. Task progress, paths, tokens and warnings stay as they are.
 */
export function outlineContext(answer: ChangeContext | SpecContext | IdeaContext): OutlinedContext {
  const outline = (text: string | null) => (text === null ? null : outlineMarkdown(text));
  if ("change" in answer) {
    const { change } = answer;
    return {
      ...answer,
      change: {
        ...change,
        proposal: outline(change.proposal),
        tasks: outline(change.tasks),
        design: outline(change.design),
        specs: change.specs.map((spec) => ({ ...spec, content: outlineMarkdown(spec.content) })),
        outline: true,
      },
    };
  }
  if ("spec" in answer) {
    const { spec } = answer;
    return {
      ...answer,
      spec: { ...spec, content: outlineMarkdown(spec.content), outline: true },
    };
  }
  const { idea } = answer;
  return {
    ...answer,
    idea: { ...idea, content: outlineMarkdown(idea.content), outline: true },
  };
}

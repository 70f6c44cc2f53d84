import type { Catalog, ContextSuccess } from "@org/openspec-core";
import { resourceFailure, resourceNotFound } from "./resource-error.js";

export type ChangeAnswer = Extract<ContextSuccess, { change: unknown }>;
export type SpecAnswer = Extract<ContextSuccess, { spec: unknown }>;
export type IdeaAnswer = Extract<ContextSuccess, { idea: unknown }>;

type Failed = { ok: false; code: string; error: string; fix?: string; candidates?: unknown };
type Candidate = { kind: string; name: string; token: string; archived?: boolean };

/**
 * One change through the catalog's `openspec_context`, so every rule of the
 * artifacts package holds (names, symlinks out of the repository, folders
 * that are not changes). A spec that shares the change's name makes the
 * name ambiguous; the change's own token settles it. The answer must be the
 * change asked for, active or archived as asked, or it is not found.
 */
export async function findChange(
  catalog: Catalog,
  uri: string,
  source: string,
  name: string,
  archived: boolean,
): Promise<ChangeAnswer> {
  const reference = archived ? `archive/${name}` : name;
  let result = await context(catalog, `${source}/${reference}`);
  if (!result.ok && result.code === "ambiguous_artifact") {
    const match = candidatesOf(result).filter(
      (c) => c.kind === "change" && c.name === name && (c.archived === true) === archived,
    );
    if (match.length === 1 && match[0])
      result = await context(catalog, `${source}/${match[0].token}`);
  }
  if (!result.ok) throw resourceFailure(uri, result);
  if (!("change" in result) || result.change.name !== name || result.change.archived !== archived) {
    throw resourceNotFound(
      uri,
      `Source "${source}" has no ${archived ? "archived" : "active"} change "${name}".`,
      `List its changes with resources/list or complete the change argument of the template.`,
      "change_not_found",
    );
  }
  return result;
}

/** One spec by its id (`auth`, `platform/session`), asked for as `<id>/spec.md` so no change can match. */
export async function findSpec(
  catalog: Catalog,
  uri: string,
  source: string,
  id: string,
): Promise<SpecAnswer> {
  const result = await context(catalog, `${source}/${id}/spec.md`);
  if (!result.ok) throw resourceFailure(uri, result);
  if (!("spec" in result) || result.spec.id !== id) {
    throw resourceNotFound(
      uri,
      `Source "${source}" has no spec "${id}".`,
      "List its specs with resources/list or complete the spec argument of the template.",
      "spec_not_found",
    );
  }
  return result;
}

/** One idea by its slug, asked for as `ideas/<slug>` so no change or spec can match it. */
export async function findIdea(
  catalog: Catalog,
  uri: string,
  source: string,
  slug: string,
): Promise<IdeaAnswer> {
  const result = await context(catalog, `${source}/ideas/${slug}`);
  if (!result.ok && result.code !== "ambiguous_artifact") throw resourceFailure(uri, result);
  let answer = result;
  if (!answer.ok) {
    const match = candidatesOf(answer).filter((c) => c.kind === "idea" && c.name === slug);
    if (match.length !== 1 || !match[0]) throw resourceFailure(uri, answer);
    answer = await context(catalog, `${source}/${match[0].token}`);
    if (!answer.ok) throw resourceFailure(uri, answer);
  }
  if (!("idea" in answer) || answer.idea.slug !== slug) {
    throw resourceNotFound(
      uri,
      `Source "${source}" has no idea "${slug}".`,
      "List its ideas with resources/list or complete the idea argument of the template.",
      "idea_not_found",
    );
  }
  return answer;
}

async function context(catalog: Catalog, identifier: string): Promise<ContextSuccess | Failed> {
  return (await catalog.call("openspec_context", { identifier })) as ContextSuccess | Failed;
}

function candidatesOf(failure: Failed): Candidate[] {
  return Array.isArray(failure.candidates) ? (failure.candidates as Candidate[]) : [];
}

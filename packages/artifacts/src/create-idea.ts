import { ideaHash } from "./artifact-token.js";
import { checkIdeaContent } from "./check-idea-content.js";
import { checkWritableInside } from "./check-writable-inside.js";
import { isInsideRoot } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import { type IdeaContentInput, renderIdea } from "./idea-document.js";
import { ideaSlug } from "./idea-slug.js";
import { ideaTokenOf } from "./idea-token-of.js";
import { noOpenSpecRoot } from "./no-openspec-root.js";
import { openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";
import { ideasFolder } from "./scan-ideas.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export type CreateIdeaInput = IdeaContentInput & {
  /** A preferred slug; made safe like a title. Without it the title gives the slug. */
  slug?: string | null;
  /** When the idea is created (tests pin it). */
  now?: Date;
};

export type CreatedIdea = {
  ok: true;
  slug: string;
  title: string;
  /** The idea's token, as openspec_context hands it out. */
  token: string;
  /** The file written, relative to the repository root: `openspec/ideas/<slug>.md`. */
  path: string;
  origin: string;
  created_at: string;
  tags: string[];
};

/** How many numbered slugs (`-2` … `-1000`) are tried before giving up. */
const MAX_SUFFIX = 1000;

/**
 * Writes a new idea, `openspec/ideas/<slug>.md`, and never overwrites one:
 * when the slug is taken the next free `-2`, `-3`… is used. Each attempt
 * creates the file only if it is absent (a hard link that fails on an
 * existing name), so two writers at once get two files. The ideas folder is
 * made when missing; one that leads outside the repository is refused.
 */
export function createIdea(repository: Repository, input: CreateIdeaInput): CreatedIdea | Failure {
  const bad = checkIdeaContent(input);
  if (bad) return bad;
  if (input.slug != null && input.slug.length > 256) {
    return failure("invalid_input", "The slug is longer than 256 characters.", {
      fix: "Pass a shorter slug, or none to take it from the title.",
    });
  }
  if (!repository.hasOpenSpec) return noOpenSpecRoot(repository);
  const folder = ideasFolder(repository);
  const leads = checkWritableInside(
    repository,
    folder,
    (link) => `Remove the symlink ${link} or keep ideas in a folder of the repository.`,
  );
  if (leads) return leads;
  const base = ideaSlug(input.slug?.trim() || input.title);
  const created = (input.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  const content = renderIdea(input, created);
  const opened = openFolderInside(repository, folder, { create: true });
  if (!opened.ok) {
    return opened.code === "path_outside_repository"
      ? failure("path_outside_repository", "openspec/ideas leads outside the repository.", {
          fix: "Remove the symlink or keep ideas in a folder of the repository.",
          path: "openspec/ideas",
        })
      : opened;
  }
  try {
    for (let number = 1; number <= MAX_SUFFIX; number += 1) {
      const slug = number === 1 ? base : `${base}-${number}`;
      const written = writeFileAtomic(
        opened.handle,
        `${slug}.md`,
        content,
        { overwrite: false },
        (real) => isInsideRoot(repository, real),
      );
      if (!written.ok && written.reason === "exists") continue;
      if (!written.ok) {
        return failure(
          written.reason === "outside" ? "path_outside_repository" : "write_failed",
          written.error,
          { fix: "Call again once nothing else is moving the ideas folder." },
        );
      }
      return {
        ok: true,
        slug,
        title: input.title.trim(),
        token: ideaTokenOf(repository, ideaHash(slug)),
        path: `openspec/ideas/${slug}.md`,
        origin: input.origin?.trim() || "unspecified",
        created_at: created,
        tags: (input.tags ?? []).map((tag) => tag.trim()),
      };
    }
  } finally {
    opened.handle.close();
  }
  return failure("write_failed", `Every slug from ${base} to ${base}-${MAX_SUFFIX} is taken.`, {
    fix: "Pass another slug or title.",
  });
}

import { lstatSync } from "node:fs";
import { containedRealPath } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import { noOpenSpecRoot } from "./no-openspec-root.js";
import type { Repository } from "./open-repository.js";
import { IDEA_SLUG, type IdeaFile, ideasFolder } from "./scan-ideas.js";

/**
 * The idea a caller names: its slug, `<slug>.md`, `ideas/<slug>` or
 * `openspec/ideas/<slug>.md`. It must be a regular file in an ideas folder
 * that stays inside the repository: a symlink is not followed, whether it
 * leads out (path_outside_repository) or not (not_a_regular_file).
 */
export function locateIdea(
  repository: Repository,
  reference: string,
): { ok: true; idea: IdeaFile } | Failure {
  const slug = reference
    .trim()
    .replace(/^openspec\//, "")
    .replace(/^ideas\//, "")
    .replace(/\.md$/, "");
  if (!IDEA_SLUG.test(slug) || slug.length > 128) {
    return failure("invalid_name", `"${printable(reference)}" is not an idea's slug.`, {
      fix: "Pass the slug the idea was created with, e.g. `faster-search`.",
    });
  }
  if (!repository.hasOpenSpec) return noOpenSpecRoot(repository);
  const folder = ideasFolder(repository);
  const path = `openspec/ideas/${slug}.md`;
  let folderIsLink = false;
  try {
    folderIsLink = lstatSync(folder).isSymbolicLink();
  } catch {
    return notFound(slug);
  }
  if (containedRealPath(repository, folder) === null) {
    return failure(
      "path_outside_repository",
      `openspec/ideas leads outside the repository${folderIsLink ? " through a symlink" : ""}.`,
      {
        fix: "Remove the symlink and keep ideas in a folder of the repository.",
        path: "openspec/ideas",
      },
    );
  }
  const file = `${folder}/${slug}.md`;
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(file);
  } catch {
    return notFound(slug);
  }
  if (stat.isSymbolicLink()) {
    return containedRealPath(repository, file) === null
      ? failure(
          "path_outside_repository",
          `${path} is a symlink that leads outside the repository.`,
          {
            fix: "Replace the symlink with the idea file itself.",
            path,
          },
        )
      : failure("not_a_regular_file", `${path} is a symlink, not the idea itself.`, {
          fix: "Replace the symlink with the idea file itself.",
          path,
        });
  }
  if (!stat.isFile()) {
    return failure("not_a_regular_file", `${path} is not a regular file.`, {
      fix: "Remove or rename what is there.",
      path,
    });
  }
  return { ok: true, idea: { slug, path, file } };
}

function notFound(slug: string): Failure {
  return failure("idea_not_found", `There is no idea openspec/ideas/${slug}.md.`, {
    fix: "Call {tool:openspec_context} with the source to list its ideas, or create one with {tool:openspec_idea_create}.",
  });
}

function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return text.slice(0, 80).replace(/[\u0000-\u001f\u007f]/g, "?");
}

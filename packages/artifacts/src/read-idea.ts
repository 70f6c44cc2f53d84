import { type Failure, failure } from "./failure.js";
import { type IdeaFacts, readIdeaFacts } from "./idea-document.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";
import type { IdeaFile } from "./scan-ideas.js";

/** An idea as the context answer and the MCP resource give it. */
export type IdeaContent = IdeaFacts & {
  slug: string;
  path: string;
  token: string;
  content: string;
  /** Present when the file is larger than the cap: `content` is its first part. */
  truncated?: true;
  /** The file's size in bytes; present with `truncated`. */
  size?: number;
};

/** Reads an idea's text (at most `maxBytes`) and what it says. */
export function readIdea(
  repository: Repository,
  idea: IdeaFile,
  token: string,
  maxBytes: number = DEFAULT_MAX_ARTIFACT_BYTES,
): IdeaContent | Failure {
  const read = readContainedFile(repository, idea.file, maxBytes);
  if (!read.ok && isReported(read.code)) return readFailure(repository, idea.file, read.code);
  if (!read.ok) {
    return failure("idea_not_found", `The idea ${idea.path} cannot be read.`, {
      fix: "Call {tool:openspec_context} with the source to list its ideas.",
    });
  }
  return {
    slug: idea.slug,
    path: idea.path,
    token,
    ...readIdeaFacts(read.text, idea.slug),
    content: read.text,
    ...(read.truncated ? { truncated: true as const, size: read.size } : {}),
  };
}

/** What a listing shows of an idea: its facts from the first 64 KiB, without the text. */
export function ideaSummary(repository: Repository, idea: IdeaFile): IdeaFacts {
  const read = readContainedFile(repository, idea.file, 64 * 1024);
  const text = read.ok ? read.text : "";
  return readIdeaFacts(text, idea.slug);
}

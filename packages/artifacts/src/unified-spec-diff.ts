import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";

/** Lines of context around each change, as `git diff` shows them. */
const CONTEXT_LINES = 3;

/**
 * A plain unified diff of one spec file, named as git names it:
 * `a/<path>` against `b/<path>`, `/dev/null` for the side where the file does
 * not exist. Empty when the two texts are equal.
 */
export function unifiedSpecDiff(input: {
  /** The file relative to the repository root, with `/` separators. */
  path: string;
  before: string;
  after: string;
  beforeExists: boolean;
  afterExists: boolean;
}): string {
  if (input.before === input.after && input.beforeExists === input.afterExists) return "";
  const patch = createTwoFilesPatch(
    input.beforeExists ? `a/${input.path}` : "/dev/null",
    input.afterExists ? `b/${input.path}` : "/dev/null",
    input.before,
    input.after,
    undefined,
    undefined,
    { context: CONTEXT_LINES, headerOptions: FILE_HEADERS_ONLY },
  );
  // Only the two file lines: the texts differ in nothing a line diff shows.
  return patch.includes("\n@@ ") ? patch : "";
}

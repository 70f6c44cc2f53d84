import type { z } from "zod";
import { pageList, type pageSchema } from "../page-list.js";
import { pageCliAnswer } from "./page-cli-answer.js";
import type { InvalidItem } from "./summarize-validation.js";

/** Report items per page by default: 10 failing items with their issues are about 1,500 tokens. */
export const VALIDATION_ITEMS_PER_PAGE = 10;

type PageInput = {
  offset?: number | undefined;
  limit?: number | undefined;
  detail?: "summary" | "full" | undefined;
};

/**
 * A validation answer a page at a time: the CLI report's `items` and, when
 * it failed, the `invalid` list are cut with one offset, as the lists of a
 * source overview are, so validating thousands of items (many of them
 * failing) does not land whole in a model's context; `page` says where the
 * next page starts. With `detail: "summary"` only the counts are kept: the
 * report's `summary` and the error that counts and names the invalid items.
 */
export function pageValidation<Answer extends object>(
  answer: Answer,
  input: PageInput,
): Answer & { page?: z.output<ReturnType<typeof pageSchema>> } {
  if (!("stdout" in answer)) return answer;
  const paged = pageCliAnswer(answer, input, ["items"], VALIDATION_ITEMS_PER_PAGE);
  if (paged.page === undefined) return paged;
  const invalid =
    "invalid" in answer && Array.isArray(answer.invalid)
      ? pageList(answer.invalid as InvalidItem[], input, VALIDATION_ITEMS_PER_PAGE).items
      : undefined;
  if (input.detail !== "summary") return invalid === undefined ? paged : { ...paged, invalid };
  const { page } = paged;
  const stdout = paged.stdout as Record<string, unknown>;
  return {
    ...paged,
    stdout: { ...stdout, items: [] },
    ...(invalid === undefined ? {} : { invalid: [] }),
    page: { ...page, next_offset: page.offset < page.total ? page.offset : null },
  };
}

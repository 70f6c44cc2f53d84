import type { z } from "zod";
import type { pageSchema } from "../page-list.js";
import type { ResultBlock } from "../tool-presentation.js";

/** A view's line saying how to get the rest of a paged answer, or nothing on the last page. */
export function restNotice(
  page: z.output<ReturnType<typeof pageSchema>> | undefined,
): ResultBlock[] {
  if (page === undefined || page.next_offset === null) return [];
  return [
    {
      kind: "notice",
      text: `${page.total - page.next_offset} more: --offset ${page.next_offset}.`,
    },
  ];
}

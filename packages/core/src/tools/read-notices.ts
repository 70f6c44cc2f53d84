import type { z } from "zod";
import type { readWarningSchema } from "../output-fields.js";
import type { ResultBlock } from "../tool-presentation.js";

/** What a reading answer left out or cut, one notice each, for views that show content only. */
export function readNotices(
  warnings: readonly z.output<ReturnType<typeof readWarningSchema>>[] | undefined,
): ResultBlock[] {
  return (warnings ?? []).map((warning) => ({ kind: "notice", text: warning.message }));
}

/** The notice for a file shown only in part. */
export function cutNotice(path: string, size: number): ResultBlock {
  return {
    kind: "notice",
    text: `${path} is ${size} bytes; only its first part is shown (--json has truncated and size).`,
  };
}

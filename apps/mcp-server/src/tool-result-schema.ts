import { z } from "zod";

/**
 * The output schema every tool declares. It must hold for failures too: the
 * SDK's client validates `structuredContent` against it even when `isError`
 * is set, and a failure carries the same object. So it promises only what
 * every result has, `ok`, and lets every other field through.
 */
export const toolResultSchema = z
  .looseObject({
    ok: z
      .boolean()
      .describe(
        "true on success; false on failure, with code (stable snake_case), error (one sentence) and usually fix.",
      ),
  })
  .describe("The catalog's result object, unchanged.");

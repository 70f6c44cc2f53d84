import { z } from "zod";
import { builtOnFirstUse } from "./built-on-first-use.js";

/** The two ways a repository-scoped tool is pointed at a repository. */
export const repositoryTargetFields = builtOnFirstUse(() => ({
  source: z.string().min(1).max(256).optional().describe("Name or os_ token"),
  workdir: z.string().min(1).max(4096).optional().describe("Absolute path"),
}));

/** A change or spec name as a caller types it; the artifacts layer checks its shape. */
export const nameField = (what: string) => z.string().min(1).max(256).describe(what);

/**
 * How much a long answer carries, the same on every tool that offers it:
 * `summary` keeps the counts and leaves the entries' content out, `full` has
 * everything on the page uncut. Each tool's notes say what it keeps; the
 * enum alone is published, as its two words say enough to pick one.
 */
export const detailField = builtOnFirstUse(() => z.enum(["summary", "full"]).optional());

import type { z } from "zod";
import { pageList, type pageSchema } from "../page-list.js";

/**
 * A CLI answer with one page of its long list: the first of `keys` that is a
 * list under stdout (a change's `deltas`, a listing's `changes`), sliced, and
 * `page` beside stdout, so a large change or a 2,000-change repository does not
 * land whole in a model's context. Any other stdout (one requirement, text)
 * is passed on whole, without `page`.
 */
export function pageCliAnswer<Shown extends { stdout: unknown }>(
  shown: Shown,
  input: { offset?: number | undefined; limit?: number | undefined },
  keys: readonly string[],
  defaultLimit: number,
): Shown & { page?: z.output<ReturnType<typeof pageSchema>> } {
  const stdout = shown.stdout;
  if (typeof stdout !== "object" || stdout === null || Array.isArray(stdout)) return shown;
  const fields = stdout as Record<string, unknown>;
  const key = keys.find((name) => Array.isArray(fields[name]));
  if (key === undefined) return shown;
  const { items, page } = pageList(fields[key] as unknown[], input, defaultLimit);
  return { ...shown, stdout: { ...fields, [key]: items }, page };
}

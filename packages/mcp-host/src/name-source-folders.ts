import { realpath } from "node:fs/promises";
import type { ResourceSource } from "./list-sources.js";

/**
 * A copy of a tool's answer in which each registered source's folder is
 * written as the source's name (`/srv/repos/shop/openspec/specs` becomes
 * `shop/openspec/specs`), in every string at any depth: what the team HTTP
 * server gives a token, which names repositories by source and needs no path
 * of the server's disk. A folder counts only when a separator, a
 * space, punctuation or the end follows it, so `/srv/shop` does not touch
 * `/srv/shop2` or `/srv/shop.git`; nested sources take the longest folder.
 * Each folder's real path is asked for anew on every answer, asynchronously:
 * a link along it may have moved since, and the event loop never waits on a
 * filesystem (a source on a hung network mount holds only its own answer).
 */
export async function nameSourceFolders<T>(
  answer: T,
  sources: readonly Pick<ResourceSource, "name" | "path">[],
): Promise<T> {
  const spelled = await Promise.all(sources.map((source) => spellings(source.path)));
  const folders = sources
    .flatMap((source, index) =>
      (spelled[index] ?? []).map((folder) => ({ folder, name: source.name })),
    )
    .sort((a, b) => b.folder.length - a.folder.length);
  if (folders.length === 0) return answer;
  const byFolder = new Map(folders.map(({ folder, name }) => [folder, name]));
  const pattern = new RegExp(
    `(?<=^|[\\s"'\`(=:,[])(?:${folders.map(({ folder }) => escapeRegExp(folder)).join("|")})(?=$|[/\\s"'\`),;:]|\\.(?:$|\\s))`,
    "g",
  );
  const rewrite = (value: unknown): unknown => {
    if (typeof value === "string") {
      return value.includes("/")
        ? value.replace(pattern, (folder) => byFolder.get(folder) ?? folder)
        : value;
    }
    if (Array.isArray(value)) return value.map(rewrite);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner)]));
    }
    return value;
  };
  return rewrite(answer) as T;
}

/** The folder as registered and, when it differs, as the CLI reports it (symlinks resolved). */
async function spellings(folder: string): Promise<string[]> {
  const trimmed = folder.length > 1 ? folder.replace(/\/+$/, "") : folder;
  if (trimmed === "/" || trimmed === "") return [];
  try {
    const real = await realpath(trimmed);
    return real === trimmed ? [trimmed] : [trimmed, real];
  } catch {
    return [trimmed];
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One migration as drizzle-kit's journal lists it. */
export interface JournalEntry {
  /** The file name without `.sql`, e.g. `0000_create_sources`. */
  readonly tag: string;
  /** When it was generated (Unix ms): what drizzle's migrator records as `created_at`. */
  readonly when: number;
}

/** The entries of `meta/_journal.json` in the migrations folder, oldest first. */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal: unknown = JSON.parse(
    readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  );
  const entries =
    typeof journal === "object" && journal !== null && "entries" in journal
      ? journal.entries
      : undefined;
  if (!Array.isArray(entries)) throw new Error(`${migrationsFolder}: the journal has no entries`);
  return entries.map((entry: unknown) => {
    const fields = typeof entry === "object" && entry !== null ? entry : {};
    const tag = "tag" in fields ? fields.tag : undefined;
    const when = "when" in fields ? fields.when : undefined;
    if (typeof tag !== "string" || typeof when !== "number") {
      throw new Error(`${migrationsFolder}: a journal entry lacks its tag or time`);
    }
    return { tag, when };
  });
}

import { readFolderEntries } from "@org/openspec-artifacts";

/**
 * The names of the folders in `changes/` but `archive` (dot-named ones
 * included: the CLI reads `.openspec-store/`), in the kernel's order, or null
 * when `changes/` cannot be listed. The folder is read in batches
 * (`readFolderEntries`: the first synchronously, the later ones awaited with
 * turns of the event loop between them), so a `changes/` of 300,000 entries
 * is never turned into entries in one go on the event loop, as one `readdir`
 * of it would be.
 */
export async function listChangeFolders(changesFolder: string): Promise<string[] | null> {
  let entries: Awaited<ReturnType<typeof readFolderEntries>>;
  try {
    entries = await readFolderEntries(changesFolder, Number.POSITIVE_INFINITY);
  } catch {
    return null;
  }
  if (entries === "too_many") return null;
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== "archive") names.push(entry.name);
  }
  return names;
}

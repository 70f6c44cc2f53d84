import type { Dirent } from "node:fs";
import { lstat } from "node:fs/promises";
import { parseSpec } from "@org/openspec-spec-parser";
import { DEFAULT_MAX_ARTIFACT_BYTES, readRegularFile } from "../read-regular-file.js";
import type { NameOrder } from "./cli-name-order.js";
import { readFolderEntries } from "./read-folder-entries.js";
import type { NeedsCli } from "./read-folder-tree.js";
import { yieldEvery } from "./yield-every.js";

export type ListedSpecs = { specs: { id: string; requirementCount: number }[] };

const MAX_DEPTH = 32;
const MAX_ENTRIES = 1_000_000;

/**
 * The specs under `specsDir` as `openspec list --specs --json` reports them:
 * every `spec.md` in a capability folder (dot-named entries and linked folders
 * skipped), with the requirements the CLI's parser finds (none for a spec it
 * cannot read or parse), sorted by the CLI's `localeCompare` of the id. A linked
 * `spec.md`, an unreadable folder or a file past the cap is left to the CLI.
 */
export async function listSpecsLikeCli(
  specsDir: string,
  order: NameOrder,
): Promise<ListedSpecs | NeedsCli> {
  try {
    if (!(await lstat(specsDir)).isDirectory())
      return { needsCli: "openspec/specs is not a folder" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { specs: [] };
    return { needsCli: "openspec/specs/ could not be read" };
  }
  const found: { id: string; file: string }[] = [];
  const budget = { entriesLeft: MAX_ENTRIES };
  const problem = await discover(specsDir, [], found, budget);
  if (problem !== null) return problem;
  found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const specs: ListedSpecs["specs"] = [];
  const pause = yieldEvery(32);
  for (const { id, file } of found) {
    await pause();
    const read = readRegularFile(file, DEFAULT_MAX_ARTIFACT_BYTES);
    if (read.ok && read.truncated) return { needsCli: `${file} is larger than the reader's cap` };
    if (!read.ok && read.code === "unsupported_encoding") {
      return { needsCli: `${file} is not UTF-8 text` };
    }
    const parsed = read.ok ? parseSpec(read.text) : null;
    specs.push({ id, requirementCount: parsed?.ok ? parsed.value.requirements.length : 0 });
  }
  specs.sort((a, b) => order(a.id, b.id));
  return { specs };
}

/** Finds every spec.md below `dir`, folders read in batches so a huge folder never holds the event loop. */
async function discover(
  dir: string,
  segments: string[],
  found: { id: string; file: string }[],
  budget: { entriesLeft: number },
): Promise<NeedsCli | null> {
  if (segments.length > MAX_DEPTH) return { needsCli: `${dir} is nested too deeply to read here` };
  let entries: Dirent[] | "too_many";
  try {
    entries = await readFolderEntries(dir, Math.max(budget.entriesLeft, 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    return { needsCli: `${dir} could not be read` };
  }
  if (entries === "too_many") return { needsCli: "the specs hold too many files to read here" };
  budget.entriesLeft -= entries.length;
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      const problem = await discover(path, [...segments, entry.name], found, budget);
      if (problem !== null) return problem;
    } else if (entry.name === "spec.md" && segments.length > 0) {
      if (entry.isSymbolicLink()) return { needsCli: `${path} is a symbolic link` };
      if (entry.isFile()) found.push({ id: segments.join("/"), file: path });
    }
  }
  return null;
}

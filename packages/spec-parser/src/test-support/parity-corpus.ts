import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** A main spec to place at `openspec/specs/<id>/spec.md`. */
export type SpecCase = { id: string; content: string };
/** A change folder: file contents by path relative to `openspec/changes/<id>/`. */
export type ChangeCase = { id: string; files: Record<string, string> };

const CORPUS = fileURLToPath(new URL("./corpus/", import.meta.url));
const PROJECT_OPENSPEC = fileURLToPath(new URL("../../../../openspec/", import.meta.url));

/** Every file below `dir`, by forward-slash path relative to it; empty when `dir` is missing. */
export function readTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!existsSync(dir)) return files;
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path).split(sep).join("/")] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return files;
}

/** `specs/<id>/spec.md` entries of a tree as spec cases, nested ids included. */
export function specCases(tree: Record<string, string>, prefix = ""): SpecCase[] {
  return Object.entries(tree)
    .filter(([path]) => /^specs\/.+\/spec\.md$/.test(path))
    .map(([path, content]) => ({
      id: prefix + path.slice("specs/".length, -"/spec.md".length),
      content,
    }));
}

function changeCases(tree: Record<string, string>, prefix: string): ChangeCase[] {
  const changes = new Map<string, Record<string, string>>();
  for (const [path, content] of Object.entries(tree)) {
    const match = /^changes\/([^/]+)\/(.+)$/.exec(path);
    if (match === null || match[1] === "archive") continue;
    const files = changes.get(match[1]!) ?? {};
    files[match[2]!] = content;
    changes.set(match[1]!, files);
  }
  return [...changes]
    .filter(([, files]) => "proposal.md" in files)
    .map(([id, files]) => ({ id: prefix + id, files }));
}

/** The same text with CRLF line endings and a BOM, as Windows editors write it. */
export function asWindowsFile(content: string): string {
  return `\ufeff${content.replace(/\n/g, "\r\n")}`;
}

/**
 * A change written on Windows: every file with CRLF and a BOM. The CLI reads a
 * change's title from the raw proposal, so a BOM hides a title on its first line.
 */
function asWindowsChange(change: ChangeCase): ChangeCase {
  const files = Object.fromEntries(
    Object.entries(change.files).map(([path, content]) => [path, asWindowsFile(content)]),
  );
  return { id: `windows-${change.id}`, files };
}

const WINDOWS_SPEC_IDS = new Set(["agent-openspec-tools"]);
const WINDOWS_CHANGE_IDS = new Set(["tricky-delta", "fenced-title"]);

/**
 * The differential corpus: the hand-written tricky cases, CRLF+BOM copies of
 * some of them, and this project's own specs and changes (ids prefixed `own`).
 */
export function parityCorpus(): { specs: SpecCase[]; changes: ChangeCase[] } {
  // Corpus files carry a `.txt` suffix so no formatter rewrites their whitespace.
  const corpus = Object.fromEntries(
    Object.entries(readTree(CORPUS)).map(([path, content]) => [
      path.replace(/\.txt$/, ""),
      content,
    ]),
  );
  const project = readTree(PROJECT_OPENSPEC);
  const corpusSpecs = specCases(corpus);
  const corpusChanges = changeCases(corpus, "");
  return {
    specs: [
      ...corpusSpecs,
      ...corpusSpecs
        .filter((spec) => WINDOWS_SPEC_IDS.has(spec.id))
        .map((spec) => ({ id: `windows/${spec.id}`, content: asWindowsFile(spec.content) })),
      ...specCases(project, "own/"),
    ],
    changes: [
      ...corpusChanges,
      ...corpusChanges.filter((change) => WINDOWS_CHANGE_IDS.has(change.id)).map(asWindowsChange),
      ...changeCases(project, "own-"),
    ],
  };
}

import { join } from "node:path";
import { isPlainFolder } from "../is-plain-folder.js";
import type { Repository } from "../open-repository.js";
import { readRegularFile } from "../read-regular-file.js";
import { findNestedChanges } from "./find-nested-changes.js";
import { type FolderTree, type NeedsCli, readFolderTree } from "./read-folder-tree.js";
import { realRootOf } from "./real-root-of.js";
import { specialFileAt } from "./special-file-at.js";
import { NEW_CHANGE_METADATA, projectUsesBuiltinSchema } from "./uses-builtin-schema.js";
import { yieldEvery } from "./yield-every.js";

export type StatusLikeCliOptions = {
  change: string;
  /** The environment the CLI would run with: where it looks for the user's schemas. */
  env: Readonly<Record<string, string | undefined>>;
};

type ArtifactState = "done" | "ready" | "blocked";

/** One artifact of the built-in schema as `openspec status --json` prints it, keys in its order. */
type StatusArtifact = {
  id: string;
  outputPath: string;
  status: ArtifactState;
  requires: string[];
  missingDeps?: string[];
};

/** The document `openspec status --change <name> --json` prints, keys in the CLI's order. */
export type CliStatus = {
  changeName: string;
  schemaName: "spec-driven";
  planningHome: { kind: "repo"; root: string; changesDir: string; defaultSchema: "spec-driven" };
  changeRoot: string;
  artifactPaths: Record<
    string,
    { outputPath: string; resolvedOutputPath: string; existingOutputPaths: string[] }
  >;
  isPlanningComplete: boolean;
  isComplete: boolean;
  applyRequires: string[];
  nextSteps: string[];
  actionContext: {
    mode: "repo-local";
    sourceOfTruth: "repo";
    planningArtifacts: string[];
    linkedContext: never[];
    allowedEditRoots: string[];
    requiresAffectedAreaSelection: false;
    constraints: string[];
  };
  artifacts: StatusArtifact[];
  root: { path: string; source: "nearest" };
};

/**
 * The built-in `spec-driven` schema's artifacts as the pinned CLI (1.13.2)
 * declares them, already in its build order (every artifact after what it
 * requires, ties in declaration order). `specs` is the only glob.
 */
const SPEC_DRIVEN = [
  { id: "proposal", generates: "proposal.md", requires: [] },
  { id: "specs", generates: "specs/**/*.md", requires: ["proposal"] },
  { id: "design", generates: "design.md", requires: ["proposal"] },
  { id: "tasks", generates: "tasks.md", requires: ["specs", "design"] },
] as const;
const APPLY_REQUIRES = ["tasks"];
/** A change's files and folders read at most for its status: one change is a few files. */
const MAX_ENTRIES = 10_000;
const MAX_DEPTH = 32;
/** Entries read between two turns of the event loop. */
const ENTRIES_PER_TURN = 256;

/**
 * `openspec status --change <name> --json` answered from the files, equal
 * to what the pinned CLI (1.13.2) prints, for an existing change on the
 * built-in schema in a repository without stores. Anything else (another
 * schema or metadata the reader does not parse, a link anywhere in the
 * change, a folder wrapping nested changes, a missing change, a name the CLI
 * refuses) comes back as `needsCli` with the reason, for the caller to run
 * the CLI, which also words every error. Nothing outside the repository is
 * read.
 */
export async function statusLikeCli(
  repository: Repository,
  options: StatusLikeCliOptions,
): Promise<CliStatus | NeedsCli> {
  const { change } = options;
  if (change === "" || change.startsWith(".") || change === "archive" || /[/\\\0]/.test(change)) {
    return { needsCli: "the CLI words its refusal of this change name" };
  }
  const root = realRootOf(repository);
  if (typeof root !== "string") return root;
  const openspecDir = join(root, "openspec");
  const schema = projectUsesBuiltinSchema(openspecDir, options.env);
  if (schema !== null) return schema;
  const changesDir = join(openspecDir, "changes");
  const changeDir = join(changesDir, change);
  if (!isPlainFolder(changeDir))
    return { needsCli: `change "${change}" is not a plain folder here` };
  const tree = await readFolderTree(changeDir, {
    entriesLeft: MAX_ENTRIES,
    maxDepth: MAX_DEPTH,
    pause: yieldEvery(ENTRIES_PER_TURN),
  });
  if ("needsCli" in tree) return tree;
  if (findNestedChanges(change, tree) !== undefined) {
    return { needsCli: `change "${change}" wraps nested changes` };
  }
  const metadata = tree.entries.find((entry) => entry.name === ".openspec.yaml");
  const special =
    metadata === undefined
      ? null
      : specialFileAt(`${changeDir}/.openspec.yaml`, `openspec/changes/${change}/.openspec.yaml`);
  if (special !== null) return special;
  if (metadata !== undefined && !isNewChangeMetadata(`${changeDir}/.openspec.yaml`)) {
    return { needsCli: `${changeDir}/.openspec.yaml may set the schema or skip specs` };
  }
  const outputs = new Map<string, string[]>();
  const completed = new Set<string>();
  for (const artifact of SPEC_DRIVEN) {
    const found =
      artifact.id === "specs"
        ? specFilesUnder(tree.folders.get("specs"), `${changeDir}/specs`)
        : tree.entries.some((entry) => entry.name === artifact.generates && entry.isFile())
          ? [`${changeDir}/${artifact.generates}`]
          : [];
    outputs.set(artifact.id, found);
    if (found.length > 0) completed.add(artifact.id);
  }
  const artifacts = SPEC_DRIVEN.map((artifact): StatusArtifact => {
    const base = { id: artifact.id, outputPath: artifact.generates };
    const requires = [...artifact.requires];
    if (completed.has(artifact.id)) return { ...base, status: "done", requires };
    const missingDeps = requires.filter((id) => !completed.has(id));
    if (missingDeps.length === 0) return { ...base, status: "ready", requires };
    return { ...base, status: "blocked", requires, missingDeps };
  });
  const isComplete = completed.size === SPEC_DRIVEN.length;
  const ready = artifacts.find((artifact) => artifact.status === "ready");
  const nextSteps = ready
    ? [
        `Run openspec instructions ${ready.id} --change "${change}" --json before writing that artifact.`,
      ]
    : isComplete
      ? [
          `All planning artifacts are complete. Run openspec instructions apply --change "${change}" --json to inspect implementation progress.`,
        ]
      : [];
  const ids = SPEC_DRIVEN.map((artifact) => artifact.id);
  return {
    changeName: change,
    schemaName: "spec-driven",
    planningHome: { kind: "repo", root, changesDir, defaultSchema: "spec-driven" },
    changeRoot: changeDir,
    artifactPaths: Object.fromEntries(
      SPEC_DRIVEN.map((artifact) => [
        artifact.id,
        {
          outputPath: artifact.generates,
          resolvedOutputPath: `${changeDir}/${artifact.generates}`,
          existingOutputPaths: outputs.get(artifact.id) ?? [],
        },
      ]),
    ),
    isPlanningComplete: isComplete,
    isComplete,
    applyRequires: [...APPLY_REQUIRES],
    nextSteps,
    actionContext: {
      mode: "repo-local",
      sourceOfTruth: "repo",
      planningArtifacts: ids,
      linkedContext: [],
      allowedEditRoots: [root],
      requiresAffectedAreaSelection: false,
      constraints: [
        "Repo-local change artifacts and implementation edits are scoped to this project.",
      ],
    },
    artifacts,
    root: { path: root, source: "nearest" },
  };
}

/** The bytes `openspec status --json` writes for a change's status. */
export function cliStatusText(status: CliStatus): string {
  return `${JSON.stringify(status, null, 2)}\n`;
}

/** Metadata exactly as `openspec new change` writes it for the built-in schema (no `skip_specs`). */
function isNewChangeMetadata(path: string): boolean {
  const read = readRegularFile(path, 1024);
  return read.ok && !read.truncated && NEW_CHANGE_METADATA.test(read.text);
}

/**
 * The files `specs/**\/*.md` matches, as the CLI's glob finds them: files
 * (no folders, pipes or sockets) named `*.md`, in folders and with names not
 * starting with a dot, sorted by code unit.
 */
function specFilesUnder(tree: FolderTree | undefined, path: string): string[] {
  if (tree === undefined) return [];
  const found: string[] = [];
  const walk = (folder: FolderTree, at: string) => {
    for (const entry of folder.entries) {
      if (entry.name.startsWith(".")) continue;
      const below = folder.folders.get(entry.name);
      if (below !== undefined) walk(below, `${at}/${entry.name}`);
      else if (entry.isFile() && entry.name.endsWith(".md")) found.push(`${at}/${entry.name}`);
    }
  };
  walk(tree, path);
  return found.sort();
}

import { cpSync, linkSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCatalog } from "@org/openspec-core";
import { makeOpenSpecRepository } from "@org/test-kit";
import { makeArchiveTraps } from "./make-archive-traps.js";
import { OUTSIDE_MARKER, type Sandbox } from "./make-sandbox.js";

/** The spec of the repository around the source `child`: a listing of `child` that shows it has climbed. */
export const ANCESTOR_SPEC_ID = "ancestor-spec";

/** A change of `shop` whose design.md is a symlink to the file outside. */
export const LINKED_ARTIFACT_CHANGE = "linked-artifact";

/** A source whose `openspec/ideas` is a symlink to the outside folder. */
export const LINKED_IDEAS_SOURCE = "linked-ideas";

/** An idea of `shop` that is a symlink to the file outside. */
export const LEAKING_IDEA = "leak-idea";
/** A change of `shop` whose .openspec.yaml is a symlink to the file outside. */
export const LINKED_METADATA_CHANGE = "linked-metadata";
/** A project schema of shop whose folder is a symlink to the outside folder. */
export const ESCAPING_SCHEMA = "stolen";

/** Sources beside `shop` that each lead out of their repository in another way. */
export type PathTraps = {
  /** A file outside that a spec inside the repository is a hard link to. */
  hardLinkTarget: string;
  /** The folder of the source `gone`, deleted after it was registered. */
  goneFolder: string;
  /** The token of the source `shop`. */
  shopToken: string;
  /** A repository beside `shop`, not registered, whose folder is called like shop's token. */
  tokenFolder: string;
  /** The source `child`: a folder without openspec/ inside `outside/ancestor`, a repository with a spec. */
  childFolder: string;
};

/**
 * Adds to the sandbox: `openspec/specs/hardlinked/spec.md`, a hard link to a file
 * outside; the change `linked-artifact`, whose design.md is a symlink to the
 * file outside; the source `linked`, a repository whose `openspec/specs` is a
 * symlink to the outside folder; the source `linked-ideas`, whose
 * `openspec/ideas` is one, and shop's idea `leak-idea`, a symlink to the file
 * outside; shop's project schema `stolen`, a symlink to the outside folder; the source `gone`, registered and then
 * deleted; a repository whose folder is called like shop's token; and the
 * source `child`, a folder without openspec/ inside `outside/ancestor`, a
 * repository whose spec carries the outside marker; and the archive traps
 * (changes whose baseline spec leads out, a source whose archive folder does).
 */
export async function makePathTraps(sandbox: Sandbox): Promise<PathTraps> {
  const hardLinkTarget = join(sandbox.outside, "hard.md");
  writeFileSync(hardLinkTarget, `# Hard\n\n${OUTSIDE_MARKER}\n`);
  mkdirSync(join(sandbox.repo, "openspec", "specs", "hardlinked"));
  linkSync(hardLinkTarget, join(sandbox.repo, "openspec", "specs", "hardlinked", "spec.md"));
  linkChangeFileOut(sandbox, LINKED_ARTIFACT_CHANGE, "design.md");
  linkChangeFileOut(sandbox, LINKED_METADATA_CHANGE, ".openspec.yaml");

  const linked = makeOpenSpecRepository({}, "linked");
  rmSync(join(linked, "openspec", "specs"), { recursive: true, force: true });
  symlinkSync(sandbox.outside, join(linked, "openspec", "specs"));
  // Ideas: a source whose openspec/ideas leads out, and an idea of shop that is a symlink out.
  const linkedIdeas = makeOpenSpecRepository({}, "linked-ideas");
  symlinkSync(sandbox.outside, join(linkedIdeas, "openspec", "ideas"));
  mkdirSync(join(sandbox.repo, "openspec", "ideas"), { recursive: true });
  symlinkSync(sandbox.outsideFile, join(sandbox.repo, "openspec", "ideas", `${LEAKING_IDEA}.md`));

  mkdirSync(join(sandbox.repo, "openspec", "schemas"), { recursive: true });
  symlinkSync(sandbox.outside, join(sandbox.repo, "openspec", "schemas", ESCAPING_SCHEMA));

  const goneFolder = join(sandbox.root, "gone");
  cpSync(sandbox.repo, goneFolder, { recursive: true, verbatimSymlinks: true });

  const ancestor = join(sandbox.outside, "ancestor");
  const ancestorSpec = `# Ancestor\n\n## Purpose\n\n${OUTSIDE_MARKER}\n\n## Requirements\n`;
  cpSync(
    makeOpenSpecRepository(
      { [`openspec/specs/${ANCESTOR_SPEC_ID}/spec.md`]: ancestorSpec },
      "ancestor",
    ),
    ancestor,
    { recursive: true },
  );
  const childFolder = join(ancestor, "child");
  mkdirSync(childFolder);

  const catalog = createCatalog({ env: sandbox.env });
  let shopToken = "";
  try {
    const listed = await catalog.call("openspec_source_list", {});
    const sources = (listed.sources ?? []) as { token: string; name: string | null }[];
    shopToken = sources.find((source) => source.name === "shop")?.token ?? "";
    if (shopToken === "") throw new Error("the source shop is not registered");
    for (const [path, name] of [
      [linked, "linked"],
      [linkedIdeas, LINKED_IDEAS_SOURCE],
      [goneFolder, "gone"],
      [childFolder, "child"],
    ] as const) {
      const added = await catalog.call("openspec_source_add", { path, name });
      if (!added.ok) throw new Error(`registering ${name} failed: ${added.error}`);
    }
  } finally {
    catalog.close();
  }
  rmSync(goneFolder, { recursive: true, force: true });
  await makeArchiveTraps(sandbox);
  const tokenFolder = join(sandbox.root, shopToken);
  mkdirSync(join(tokenFolder, "openspec", "specs"), { recursive: true });
  return { hardLinkTarget, goneFolder, shopToken, tokenFolder, childFolder };
}

/** A change of `shop` with a proposal, whose `file` is a symlink to the file outside. */
function linkChangeFileOut(sandbox: Sandbox, change: string, file: string): void {
  const folder = join(sandbox.repo, "openspec", "changes", change);
  mkdirSync(folder);
  writeFileSync(join(folder, "proposal.md"), "## Why\nLinked.\n\n## What Changes\n- Link\n");
  symlinkSync(sandbox.outsideFile, join(folder, file));
}

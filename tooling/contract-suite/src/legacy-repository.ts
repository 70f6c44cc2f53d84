import { join } from "node:path";
import { writeFiles } from "@org/test-kit";
import type { Sandbox } from "./sandbox.js";

/** A description with blank-line paragraphs, a fenced block holding `#` lines, and a quote. */
export const RICH_DESCRIPTION = [
  "The system SHALL keep what the author wrote.",
  "",
  "A second paragraph explains why.",
  "",
  "```sh",
  "# install first",
  "openspec validate --strict",
  "```",
  "",
  "> Quoted from the design:",
  ">",
  "> nothing is dropped.",
].join("\n");

/**
 * A repository as old archives and placeholders leave them, in the host's
 * home: a change whose `specs/notes/spec.md` has no delta section and no
 * Purpose, and the same kind of file as a baseline spec. Written on first use
 * (each host has its own sandbox); returns the repository's folder.
 */
export function legacyRepository(sandbox: Sandbox): string {
  const root = join(sandbox.home, "legacy");
  const placeholder = "# Notes\n\nA placeholder, nothing more.\n";
  writeFiles(root, {
    "openspec/specs/placeholder/spec.md": placeholder,
    "openspec/changes/legacy/proposal.md":
      "# Legacy\n\n## Why\n\nAn old archive left a placeholder spec in this change.\n\n## What Changes\n\n- Keep the note.\n",
    "openspec/changes/legacy/specs/notes/spec.md": placeholder,
  });
  return root;
}

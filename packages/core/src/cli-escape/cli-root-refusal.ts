import { join } from "node:path";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { pathKind } from "./path-kind.js";

/**
 * Refuses a source the OpenSpec CLI (1.13.2) would not take as its own root,
 * by the CLI's own rules (`classifyOpenSpecDir` of its root selection): its
 * `openspec/` must be a folder holding a `specs/` or `changes/` folder that
 * is not a store's (no `.openspec-store/store.yaml` in it), or a
 * `config.yaml`/`config.yml`. Otherwise the CLI walks up to a parent
 * folder's project and reads and writes there. A store marker committed in
 * `openspec/specs` or `openspec/changes` is refused too: it makes the CLI
 * count that folder as a store, not as the source's own. Everything is read
 * with `stat`, never opened, so a FIFO cannot hold the check.
 */
export async function cliRootRefusal(folder: string): Promise<ToolFailure | undefined> {
  const openspec = join(folder, "openspec");
  // Asked at once, so the check costs one round of the thread pool, not seven.
  const [root, changesMarker, specsMarker, changes, specs, yaml, yml] = await Promise.all(
    [
      openspec,
      join(openspec, "changes", ".openspec-store", "store.yaml"),
      join(openspec, "specs", ".openspec-store", "store.yaml"),
      join(openspec, "changes"),
      join(openspec, "specs"),
      join(openspec, "config.yaml"),
      join(openspec, "config.yml"),
    ].map((path) => pathKind(path, true)),
  );
  if (root !== "folder") {
    const { nameNestedOpenSpec } = await import("../name-nested-openspec.js");
    return nameNestedOpenSpec(
      toolFailure(
        "no_openspec_root",
        "The source has no openspec/ folder, so the OpenSpec CLI would work in a folder above it.",
        "Run `{openspec} init` in the source's folder, then call again.",
      ),
      folder,
    );
  }
  for (const [part, marker] of [
    ["changes", changesMarker],
    ["specs", specsMarker],
  ] as const) {
    if (marker === "missing") continue;
    return toolFailure(
      "no_openspec_root",
      `openspec/${part}/.openspec-store/store.yaml marks openspec/${part} as a store, so the OpenSpec CLI would not take the source as its own root.`,
      `Remove openspec/${part}/.openspec-store from the source, then call again.`,
    );
  }
  if (changes === "folder" || specs === "folder") return undefined;
  if (yaml !== "missing" || yml !== "missing") return undefined;
  return toolFailure(
    "no_openspec_root",
    "The source's openspec/ holds no specs/ or changes/ folder and no config.yaml, so the OpenSpec CLI would work in a project above it.",
    "Create openspec/specs and openspec/changes in the source (or run `{openspec} init` there), then call again.",
  );
}

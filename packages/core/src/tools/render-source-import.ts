import type { ResultBlock } from "../tool-presentation.js";
import type { SourceImportAnswer } from "./source-import-output.js";

/** What an import did, for people: a summary line, then the stores added and those skipped, with why. */
export function renderSourceImport(result: SourceImportAnswer): readonly ResultBlock[] {
  if (result.listed === 0) {
    return [
      {
        kind: "text",
        text: "No OpenSpec stores on this machine ({openspec} store list is empty); make one with {openspec} store setup.",
      },
    ];
  }
  const verb = result.dry_run ? "would add" : "added";
  const blocks: ResultBlock[] = [
    {
      kind: "heading",
      text: `${result.dry_run ? "Dry run: " : ""}${verb} ${result.added.length}, skipped ${result.skipped.length} of ${result.listed} OpenSpec store${result.listed === 1 ? "" : "s"}`,
    },
    {
      kind: "table",
      columns: ["STORE", "SOURCE NAME", "TOKEN", "PATH"],
      rows: result.added.map((store) => [
        store.store,
        store.name,
        store.token ?? "(dry run)",
        store.path,
      ]),
      empty: result.dry_run ? "(nothing to add)" : "(nothing added)",
    },
  ];
  if (result.skipped.length > 0) {
    blocks.push(
      { kind: "heading", text: "Skipped" },
      {
        kind: "table",
        columns: ["STORE", "REASON", "DETAIL"],
        rows: result.skipped.map((store) => [store.store, store.reason, store.detail]),
        empty: "",
      },
    );
  }
  if (result.dry_run && result.added.length > 0) {
    blocks.push({ kind: "text", text: "Nothing was registered (dry run).", tone: "dim" });
  }
  return blocks;
}

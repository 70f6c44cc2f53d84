import { join } from "node:path";
import { type Repository, readRepositoryText, tooMuchYamlStructure } from "@org/openspec-artifacts";
import { parse } from "yaml";
import { type ChangeSequence, sequenceFromMetadata } from "./change-sequence.js";

/** Far above any real metadata file; a larger one is read as having no sequence. */
const MAX_METADATA_BYTES = 64 * 1024;

/**
 * The sequence an active change's `.openspec.yaml` records, or null: no file,
 * a file leading out of the repository, unreadable YAML, more structure than
 * metadata has (`tooMuchYamlStructure`: left unparsed, as thousands of keys
 * take the parser seconds of the event loop), or no `sequence:`.
 * Why it exists: every reader of sequences (context, task list, archive, the
 * sequence tool) reads the file the same bounded, contained way.
 */
export function readChangeSequence(repository: Repository, change: string): ChangeSequence | null {
  const text = readRepositoryText(
    join(repository.openspecDir, "changes", change, ".openspec.yaml"),
    repository,
    MAX_METADATA_BYTES,
  );
  if (text === null || tooMuchYamlStructure(text)) return null;
  try {
    // The default alias limit keeps a "billion laughs" file from expanding.
    return sequenceFromMetadata(parse(text, { maxAliasCount: 100 }));
  } catch {
    return null;
  }
}

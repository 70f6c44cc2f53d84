import { type Failure, tooMuchYamlStructure } from "@org/openspec-artifacts";
import { isMap, parseDocument } from "yaml";
import type { ChangeSequence } from "./change-sequence.js";

/**
 * The text of a change's `.openspec.yaml` with its `sequence:` block set to
 * `sequence`, or removed when it is null. The file is edited as a YAML
 * document, so the CLI's keys (`schema`, `created`), any other keys and their
 * comments stay as written. A missing file starts from `fresh` (what
 * `openspec new change` writes), since the CLI needs its `schema`. A file
 * with more structure than metadata has (`tooMuchYamlStructure`) is left
 * unparsed and unchanged, as the parser would hold the event loop for seconds.
 */
export function sequenceMetadataText(
  current: string | null,
  sequence: ChangeSequence | null,
  fresh: string,
  path: string,
): { text: string | null } | Failure {
  // No file and nothing to record: no file is made.
  if (current === null && sequence === null) return { text: null };
  if (current !== null && tooMuchYamlStructure(current)) {
    return {
      ok: false,
      code: "metadata_unparsable",
      error: `${path} holds more structure than a change's metadata has, so it was not read and its sequence was left unchanged.`,
      fix: "Cut the file down to the change's own keys (schema, created, sequence), then call again.",
      path,
    };
  }
  // A document keeps aliases as nodes: nothing is expanded while it is edited.
  const document = parseDocument(current ?? fresh);
  if (document.errors.length > 0 || !(isMap(document.contents) || document.contents === null)) {
    return {
      ok: false,
      code: "metadata_unparsable",
      error: `${path} is not a YAML mapping, so its sequence was left unchanged.`,
      fix: "Fix the file so that `{openspec} validate` reads it, then call again.",
      path,
    };
  }
  if (sequence === null) {
    document.delete("sequence");
  } else {
    const { group, position, depends_on } = sequence;
    document.set(
      "sequence",
      document.createNode(
        depends_on.length > 0 ? { group, position, depends_on } : { group, position },
      ),
    );
  }
  return { text: document.toString() };
}

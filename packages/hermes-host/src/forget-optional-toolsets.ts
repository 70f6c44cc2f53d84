// The uninstaller's half of optional-toolsets-off.ts: once the plugin is gone,
// the toolsets it left off mean nothing to Hermes, so config.yaml loses them
// again (an emptied platform list and an emptied section go too) and reads as
// it did before the install.
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import type { ConfigEdit } from "./hermes-config.js";
import { optionalHermesToolsets } from "./optional-toolsets-off.js";

/** `edit` without the optional toolsets in `known_plugin_toolsets`; anything else stays. */
export function withOptionalToolsetsForgotten(edit: ConfigEdit): ConfigEdit {
  const doc = parseDocument(edit.text);
  const known = doc.get("known_plugin_toolsets", true);
  if (!isMap(known)) return edit;
  let removed = false;
  for (const pair of [...known.items]) {
    const list = pair.value;
    if (!isSeq(list)) continue;
    const kept = list.items.filter(
      (item) => !(isScalar(item) && optionalHermesToolsets.includes(String(item.value))),
    );
    if (kept.length === list.items.length) continue;
    removed = true;
    if (kept.length === 0) known.delete(pair.key);
    else list.items = kept;
  }
  if (!removed) return edit;
  if (known.items.length === 0) doc.delete("known_plugin_toolsets");
  return {
    ok: true,
    text: doc.toString(),
    changed: true,
    notes: [...edit.notes, "removed the toolsets it left off from known_plugin_toolsets"],
  };
}

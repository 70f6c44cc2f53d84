// Hermes turns every toolset a plugin registers on, unless config.yaml's
// `known_plugin_toolsets` lists it for the platform and the platform's saved
// list leaves it out: that is how Hermes remembers "the user turned this
// off". Listing the toolsets outside the catalog's default there makes a plain
// `hermes chat` carry the default tool surface only, the same one an MCP client
// gets; `hermes tools` turns any of them on again.
import { defaultToolsetNames, toolsets } from "@org/openspec-core";
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import type { ConfigEdit } from "./hermes-config.js";
import { type InstallerFailure, installerFailure } from "./installer-result.js";
import { HERMES_TOOLSET } from "./render-plugin-files.js";

/** The Hermes toolsets of the catalog's toolsets outside the default, e.g. `openspec-sources`. */
export const optionalHermesToolsets: readonly string[] = toolsets
  .filter((toolset) => !defaultToolsetNames.includes(toolset.name))
  .map((toolset) => `${HERMES_TOOLSET}-${toolset.name}`);

/**
 * `edit` with every optional toolset in `known_plugin_toolsets` of the `cli`
 * platform and of each platform config.yaml already configures. A toolset a
 * platform already knows is left as the user chose it; comments stay.
 */
export function withOptionalToolsetsOff(edit: ConfigEdit): ConfigEdit | InstallerFailure {
  // After withPluginEnabled the text is a mapping with `plugins` at least.
  const doc = parseDocument(edit.text);
  const platforms = new Set(["cli"]);
  for (const key of ["platform_toolsets", "known_plugin_toolsets"]) {
    const section = doc.get(key, true);
    if (isMap(section)) for (const pair of section.items) platforms.add(String(keyOf(pair.key)));
  }
  const present = doc.get("known_plugin_toolsets", true);
  if (present === undefined || (isScalar(present) && present.value === null)) {
    doc.set("known_plugin_toolsets", doc.createNode({}));
  }
  const known = doc.get("known_plugin_toolsets", true);
  if (!isMap(known)) return notAMapping();
  const added: string[] = [];
  for (const platform of platforms) {
    const list = known.get(platform, true);
    if (list === undefined || (isScalar(list) && list.value === null)) {
      known.set(platform, doc.createNode([...optionalHermesToolsets]));
      added.push(platform);
      continue;
    }
    if (!isSeq(list)) return notAMapping();
    const listed = new Set(list.items.map((item) => (isScalar(item) ? item.value : item)));
    const missing = optionalHermesToolsets.filter((name) => !listed.has(name));
    for (const name of missing) list.add(doc.createNode(name));
    if (missing.length > 0) added.push(platform);
  }
  if (added.length === 0) return edit;
  return {
    ok: true,
    text: doc.toString(),
    changed: true,
    notes: [
      ...edit.notes,
      `left ${optionalHermesToolsets.join(", ")} off for ${added.join(", ")} (known_plugin_toolsets; hermes tools turns them on)`,
    ],
  };
}

const keyOf = (key: unknown) => (isScalar(key) ? key.value : key);

function notAMapping(): InstallerFailure {
  return installerFailure(
    "config_invalid",
    "config.yaml has known_plugin_toolsets but it is not a mapping of platforms to lists.",
    "Make known_plugin_toolsets a mapping such as `cli: [openspec-sources]` (or remove it) and run the command again.",
  );
}

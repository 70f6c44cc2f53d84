import { existsSync, readFileSync, realpathSync } from "node:fs";
import { writeFileAtomicAt } from "@org/openspec-artifacts";
import { type Document, isDocument, isMap, isScalar, isSeq, parseDocument } from "yaml";
import { type InstallerFailure, installerFailure, ioFailure } from "./installer-result.js";

export type ConfigEdit = { ok: true; text: string; changed: boolean; notes: string[] };

/**
 * config.yaml with `name` in `plugins.enabled` and out of `plugins.disabled`
 * (Hermes's deny-list wins over the allow-list). Everything else, comments
 * included, stays as written; a missing file counts as empty.
 */
export function withPluginEnabled(path: string, name: string): ConfigEdit | InstallerFailure {
  const text = readConfig(path);
  if (typeof text !== "string") return text;
  const doc = parseConfig(text);
  if (!isDocument(doc)) return doc;
  const notes: string[] = [];
  const plugins = doc.get("plugins", true);
  if (plugins === undefined || (isScalar(plugins) && plugins.value === null)) {
    doc.set("plugins", doc.createNode({ enabled: [name] }));
    notes.push(`added ${name} to plugins.enabled`);
  } else if (!isMap(plugins)) {
    return notAMapping("plugins");
  } else {
    const enabled = plugins.get("enabled", true);
    if (enabled === undefined || (isScalar(enabled) && enabled.value === null)) {
      plugins.set("enabled", doc.createNode([name]));
      notes.push(`added ${name} to plugins.enabled`);
    } else if (!isSeq(enabled)) {
      return notAList("plugins.enabled");
    } else if (!enabled.items.some((item) => isScalar(item) && item.value === name)) {
      enabled.add(doc.createNode(name));
      notes.push(`added ${name} to plugins.enabled`);
    }
    const disabled = plugins.get("disabled", true);
    if (isSeq(disabled) && removeFromSequence(disabled.items, name)) {
      notes.push(`removed ${name} from plugins.disabled`);
    }
  }
  return {
    ok: true,
    text: notes.length > 0 ? doc.toString() : text,
    changed: notes.length > 0,
    notes,
  };
}

/** config.yaml without `name` in `plugins.enabled`; an emptied list stays as `[]`. */
export function withPluginDisabled(path: string, name: string): ConfigEdit | InstallerFailure {
  const text = readConfig(path);
  if (typeof text !== "string") return text;
  const doc = parseConfig(text);
  if (!isDocument(doc)) return doc;
  const enabled = doc.getIn(["plugins", "enabled"], true);
  // Hermes reads a missing list as "nothing chosen yet" and may enable every installed
  // plugin on its next migration, so an emptied list is kept rather than deleted.
  if (!isSeq(enabled) || !removeFromSequence(enabled.items, name)) {
    return { ok: true, text, changed: false, notes: [] };
  }
  return {
    ok: true,
    text: doc.toString(),
    changed: true,
    notes: [`removed ${name} from plugins.enabled`],
  };
}

/**
 * Writes an edit that changed something, atomically (Hermes never reads half a
 * config, and two installs at once leave one whole version); returns what was
 * done, for a result's `done`. A symlinked config.yaml (dotfile managers) is
 * written through and keeps its link. Throws when the write fails, for the
 * installer's io_error.
 */
export function saveConfigEdit(path: string, edit: ConfigEdit): string[] {
  if (!edit.changed) return [];
  const target = existsSync(path) ? realpathSync(path) : path;
  const written = writeFileAtomicAt(target, edit.text, { overwrite: true });
  if (!written.ok) throw new Error(written.error);
  return [`${edit.notes.join(" and ")} in ${path}`];
}

function readConfig(path: string): string | InstallerFailure {
  try {
    return existsSync(path) ? readFileSync(path, "utf8") : "";
  } catch (error) {
    return ioFailure(`Reading ${path}`, error);
  }
}

function parseConfig(text: string): Document | InstallerFailure {
  const doc = parseDocument(text);
  const problem = doc.errors[0];
  if (problem !== undefined) {
    return installerFailure(
      "config_invalid",
      `config.yaml is not valid YAML: ${problem.message.split("\n")[0]}`,
      "Fix config.yaml (or run `hermes config`) and run the command again.",
    );
  }
  if (doc.contents !== null && !isMap(doc.contents)) {
    return installerFailure(
      "config_invalid",
      "config.yaml is not a mapping.",
      "Fix config.yaml and run the command again.",
    );
  }
  return doc;
}

function removeFromSequence(items: unknown[], name: string): boolean {
  const index = items.findIndex((item) => isScalar(item) && item.value === name);
  if (index === -1) return false;
  items.splice(index, 1);
  return true;
}

function notAMapping(path: string): InstallerFailure {
  return installerFailure(
    "config_invalid",
    `config.yaml has ${path} but it is not a mapping.`,
    `Make ${path} a mapping (e.g. \`${path}:\\n  enabled: [openspec]\`) and run the command again.`,
  );
}

function notAList(path: string): InstallerFailure {
  return installerFailure(
    "config_invalid",
    `config.yaml has ${path} but it is not a list.`,
    `Make ${path} a list of plugin names and run the command again.`,
  );
}

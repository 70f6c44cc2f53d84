import { randomBytes } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomicAt } from "@org/openspec-artifacts";
import type { InstallablePlugin } from "./install-hermes-plugin.js";
import { PLUGIN_FILES, PLUGIN_NAME, PLUGIN_SKILL_FILES } from "./package-paths.js";
import { versionedPluginFiles } from "./versioned-plugin-files.js";

/** How often a rename into place is retried while other installs keep putting their copy there. */
const PLACE_ATTEMPTS = 20;

// Staged next to the target, synced, and renamed into place, so Hermes never sees half a plugin.
export function copyPluginFolder(
  { pluginFolder, version }: InstallablePlugin,
  hermesHome: string,
  pluginDir: string,
  bridgeJson: string,
): void {
  const staging = mkdtempSync(join(hermesHome, ".openspec-plugin-"));
  const versioned = versionedPluginFiles(version);
  try {
    for (const file of [...PLUGIN_FILES, ...PLUGIN_SKILL_FILES]) {
      mkdirSync(dirname(join(staging, file)), { recursive: true });
      const content = versioned[file];
      if (content === undefined) copyFileSync(join(pluginFolder, file), join(staging, file));
      else writeFileSync(join(staging, file), content);
    }
    writeFileSync(join(staging, "bridge.json"), bridgeJson);
    syncFolderAndFiles(staging);
    putInPlace(hermesHome, staging, pluginDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export function linkPluginFolder(
  pluginFolder: string,
  hermesHome: string,
  pluginDir: string,
  bridgeJson: string,
): void {
  const written = writeFileAtomicAt(join(pluginFolder, "bridge.json"), bridgeJson, {
    overwrite: true,
  });
  if (!written.ok) throw new Error(written.error);
  const staging = join(hermesHome, `.openspec-plugin-link-${randomBytes(6).toString("hex")}`);
  symlinkSync(pluginFolder, staging, "dir");
  try {
    putInPlace(hermesHome, staging, pluginDir);
  } finally {
    rmSync(staging, { force: true });
  }
}

/**
 * Renames `staged` to `pluginDir`. Whatever is in the way (our earlier copy, a
 * link, or the copy of an install running at the same time) is first renamed
 * aside under a random name and removed, and the rename is tried again: a
 * plain remove-then-rename loses to a concurrent install that fills the name
 * in between.
 */
function putInPlace(hermesHome: string, staged: string, pluginDir: string): void {
  for (let attempt = 1; ; attempt += 1) {
    try {
      renameSync(staged, pluginDir);
      return;
    } catch (error) {
      if (!hasCode(error, ["ENOTEMPTY", "EEXIST", "ENOTDIR", "EISDIR"])) throw error;
      if (attempt >= PLACE_ATTEMPTS) throw error;
    }
    takeAwayPluginFolder(hermesHome, pluginDir);
  }
}

/**
 * Removes whatever is at `pluginDir` by renaming it aside under a random name
 * first and deleting it there: a folder deleted in place can be refilled by an
 * install running at the same time, and its final rmdir then fails.
 */
export function takeAwayPluginFolder(hermesHome: string, pluginDir: string): void {
  const aside = join(hermesHome, `.openspec-plugin-old-${randomBytes(6).toString("hex")}`);
  try {
    renameSync(pluginDir, aside);
  } catch (error) {
    // Gone already, or another installer moved it aside first.
    if (hasCode(error, ["ENOENT"])) return;
    throw error;
  }
  removePluginFolder(aside);
}

/** Removes our plugin folder; a link goes, never what it points to. */
export function removePluginFolder(pluginDir: string): void {
  try {
    unlinkSync(pluginDir);
  } catch {
    rmSync(pluginDir, { recursive: true, force: true });
  }
}

// Outside plugins/, because Hermes keys plugins by manifest name: a copy left in
// plugins/ would still claim "openspec".
export function moveAside(hermesHome: string, pluginDir: string): string {
  const backups = join(hermesHome, "plugin-backups");
  mkdirSync(backups, { recursive: true });
  const destination = join(
    backups,
    `${PLUGIN_NAME}-${new Date().toISOString().replace(/[:.]/g, "-")}`,
  );
  renameSync(pluginDir, destination);
  return destination;
}

/** Makes the staged files durable before the rename publishes them, so a crash cannot leave empty files in place. */
function syncFolderAndFiles(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) syncFolderAndFiles(join(folder, entry.name));
    else syncPath(join(folder, entry.name));
  }
  syncPath(folder);
}

function syncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse to sync; the rename is still atomic.
  } finally {
    closeSync(fd);
  }
}

function hasCode(error: unknown, codes: readonly string[]): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    codes.includes(String(error.code))
  );
}

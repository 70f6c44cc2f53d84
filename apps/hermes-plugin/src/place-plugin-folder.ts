import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { PLUGIN_FILES, PLUGIN_NAME, packagePaths } from "./package-paths.js";

// Staged next to the target and renamed into place, so Hermes never sees half a plugin.
export function copyPluginFolder(hermesHome: string, pluginDir: string, bridgeJson: string): void {
  const staging = mkdtempSync(join(hermesHome, ".openspec-plugin-"));
  try {
    for (const file of PLUGIN_FILES) {
      copyFileSync(join(packagePaths.pluginFolder, file), join(staging, file));
    }
    writeFileSync(join(staging, "bridge.json"), bridgeJson);
    removePluginFolder(pluginDir);
    renameSync(staging, pluginDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export function linkPluginFolder(pluginDir: string, bridgeJson: string): void {
  writeFileSync(join(packagePaths.pluginFolder, "bridge.json"), bridgeJson);
  removePluginFolder(pluginDir);
  symlinkSync(packagePaths.pluginFolder, pluginDir, "dir");
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

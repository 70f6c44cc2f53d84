import { renderPluginFolder } from "./render-plugin-folder.js";

/**
 * The plugin files an installed copy carries with the installed version, keyed
 * by their path in the plugin folder: the committed ones have none, so a release
 * never makes them stale. tools.json names no version and is copied as the
 * plugin app ships it. A linked plugin (development) shows the committed files,
 * without a version.
 */
export function versionedPluginFiles(version: string): Readonly<Record<string, string>> {
  const { "tools.json": _copiedAsShipped, ...versioned } = renderPluginFolder(version);
  return versioned;
}

import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { findLegacyDatabase, legacyImportFix } from "./find-legacy-database.js";
import { saveConfigEdit, withPluginEnabled } from "./hermes-config.js";
import { inspectPluginFolder } from "./inspect-plugin-folder.js";
import { type InstallerFailure, installerFailure, ioFailure } from "./installer-result.js";
import { withOptionalToolsetsOff } from "./optional-toolsets-off.js";
import {
  PACKAGE_NAME,
  PLUGIN_FILES,
  PLUGIN_NAME,
  PLUGIN_SKILL_FILES,
  packagePaths,
} from "./package-paths.js";
import { packageVersion } from "./package-version.js";
import { copyPluginFolder, linkPluginFolder, moveAside } from "./place-plugin-folder.js";
import { type HermesHomeOptions, resolveHermesHome } from "./resolve-hermes-home.js";

/**
 * The plugin to install: this package's own plugin folder at this package's
 * version unless a caller names another (a plugin folder under development).
 */
export type InstallablePlugin = {
  /** The plugin folder to copy or link (plugin.yaml, the Python side, tools.json, skills/). */
  pluginFolder: string;
  /** The version written into the installed plugin.yaml, skills and bridge.json. */
  version: string;
};

export type InstallOptions = HermesHomeOptions &
  Partial<InstallablePlugin> & {
    /** Link the plugin folder instead of copying it, so edits show up at once (development). */
    link?: boolean;
    /** Move a plugin we did not install out of the way instead of stopping. */
    force?: boolean;
    /** The node executable the plugin starts the bridge with; defaults to the one running now. */
    nodePath?: string;
    /**
     * The registry file the plugin's bridge uses (recorded in bridge.json, which
     * the plugin passes on as OPENSPEC_AGENT_DB). Unset: the bridge uses
     * OPENSPEC_AGENT_DB from Hermes's environment, else the default file.
     */
    registryPath?: string;
  };

export type InstallSuccess = {
  ok: true;
  hermes_home: string;
  plugin_dir: string;
  mode: "copy" | "link";
  /** The bridge entry and node recorded in bridge.json. */
  bridge: string;
  node: string;
  /** The registry file recorded for the bridge; absent when it follows OPENSPEC_AGENT_DB or the default. */
  registry?: string;
  config: string;
  /** What this run changed, one sentence each; empty parts were already in place. */
  done: string[];
  /** Where a plugin that was in the way went (only with `force`). */
  moved_aside?: string;
  /**
   * Whether the Hermes home existed before this run. When it did not, Hermes
   * Agent is most likely not installed for this user (or uses another home):
   * the folder was created for the plugin, and `done` says so first.
   */
  hermes_found: boolean;
  /** What to do now, one sentence: restart Hermes so it loads the plugin (or install it first). */
  next: string;
  /** The older OpenSpec plugin's registry, with `fix` saying how to import it. */
  legacy_db?: string;
  fix?: string;
};

/**
 * Puts the plugin into `$HERMES_HOME/plugins/openspec`, records where the
 * bridge and node are, and enables it in config.yaml. Running it again
 * refreshes the copy and changes nothing else.
 */
export function installHermesPlugin(given: InstallOptions = {}): InstallSuccess | InstallerFailure {
  const options = {
    ...given,
    pluginFolder: given.pluginFolder ?? packagePaths.pluginFolder,
    version: given.version ?? packageVersion,
  };
  const { hermesHome, pluginDir, configPath } = resolveHermesHome(options);
  // Hermes makes its home when it is installed; a missing one is worth saying.
  const hermesFound = existsSync(hermesHome);
  const legacyDb = findLegacyDatabase(hermesHome);
  const missing = [
    packagePaths.bridgeEntry,
    ...[...PLUGIN_FILES, ...PLUGIN_SKILL_FILES].map((file) => join(options.pluginFolder, file)),
  ].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    return installerFailure(
      "plugin_not_built",
      `The plugin is not built: ${missing.join(", ")} missing.`,
      `Build it first: pnpm --filter ${PACKAGE_NAME}... build`,
      legacyDb,
    );
  }
  const existing = inspectPluginFolder(pluginDir);
  if (existing.state === "foreign" && !options.force) {
    return installerFailure(
      "plugin_conflict",
      `${existing.description}.`,
      `Run again with --force to move it to ${join(hermesHome, "plugin-backups")} and install openspec-agent's plugin${legacyDb ? `; then ${legacyImportFix(legacyDb)}` : ""}.`,
      legacyDb,
    );
  }
  const enabled = withPluginEnabled(configPath, PLUGIN_NAME);
  const config = enabled.ok ? withOptionalToolsetsOff(enabled) : enabled;
  if (!config.ok) return { ...config, ...(legacyDb ? { legacy_db: legacyDb } : {}) };

  const node = options.nodePath ?? process.execPath;
  const registry = options.registryPath ? resolve(options.registryPath) : undefined;
  const mode = options.link ? "link" : "copy";
  const done: string[] = hermesFound
    ? []
    : [
        `created ${hermesHome}, which did not exist: Hermes Agent does not seem to be installed for this user (if it uses another home, run again with --hermes-home or HERMES_HOME)`,
      ];
  let movedAside: string | undefined;
  try {
    mkdirSync(join(hermesHome, "plugins"), { recursive: true });
    if (existing.state === "foreign") {
      movedAside = moveAside(hermesHome, pluginDir);
      done.push(`moved the other plugin to ${movedAside}`);
    }
    const record = {
      bridge: packagePaths.bridgeEntry,
      node,
      installed_by: PACKAGE_NAME,
      version: options.version,
      ...(registry === undefined ? {} : { registry }),
    };
    const bridgeJson = `${JSON.stringify(record, null, 2)}\n`;
    if (mode === "link") linkPluginFolder(options.pluginFolder, hermesHome, pluginDir, bridgeJson);
    else copyPluginFolder(options, hermesHome, pluginDir, bridgeJson);
    done.push(
      `${existing.state === "ours" ? "replaced" : "installed"} the plugin at ${pluginDir} (${mode === "link" ? `linked to ${options.pluginFolder}` : "copied"})`,
    );
    done.push(...saveConfigEdit(configPath, config));
  } catch (error) {
    return ioFailure(`Installing into ${hermesHome}`, error, legacyDb);
  }
  return {
    ok: true,
    hermes_home: hermesHome,
    plugin_dir: pluginDir,
    mode,
    bridge: packagePaths.bridgeEntry,
    node,
    ...(registry === undefined ? {} : { registry }),
    config: configPath,
    done,
    hermes_found: hermesFound,
    next: hermesFound
      ? "Restart Hermes so it loads the plugin."
      : "Install Hermes Agent, then start it: it loads the plugin from this home.",
    ...(movedAside ? { moved_aside: movedAside } : {}),
    ...(legacyDb ? { legacy_db: legacyDb, fix: legacyImportFix(legacyDb) } : {}),
  };
}

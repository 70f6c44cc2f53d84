import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { PLUGIN_NAME } from "./package-paths.js";

export type HermesHomeOptions = {
  /** The Hermes home folder; wins over everything else. */
  hermesHome?: string;
  /** Where `HERMES_HOME` is read from; defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
};

/** The places the installer touches in a Hermes home. */
export type HermesLayout = { hermesHome: string; pluginDir: string; configPath: string };

/** Hermes's own rule for its home: the option, else `HERMES_HOME`, else `~/.hermes`. */
export function resolveHermesHome({
  hermesHome,
  env = process.env,
}: HermesHomeOptions): HermesLayout {
  const home = resolve(expandTilde(hermesHome || env.HERMES_HOME || join(homedir(), ".hermes")));
  return {
    hermesHome: home,
    pluginDir: join(home, "plugins", PLUGIN_NAME),
    configPath: join(home, "config.yaml"),
  };
}

function expandTilde(path: string): string {
  return path === "~" || path.startsWith("~/") ? join(homedir(), path.slice(1)) : path;
}

import { dirname, join } from "node:path";
import { temporaryFolder } from "./temporary-folder.js";

export type IsolatedEnvironment = {
  home: string;
  env: Record<string, string | undefined>;
};

/**
 * A home of its own with its own XDG folders and registry file, and a PATH
 * that holds only node: nothing the real user has is read or written.
 */
export function isolatedEnvironment(
  extra: Record<string, string | undefined> = {},
): IsolatedEnvironment {
  const home = temporaryFolder("home-");
  return {
    home,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_DATA_HOME: join(home, ".local", "share"),
      PATH: dirname(process.execPath),
      OPENSPEC_AGENT_DB: join(home, "registry.db"),
      OPENSPEC_TELEMETRY: "0",
      NO_COLOR: "1",
      ...extra,
    },
  };
}

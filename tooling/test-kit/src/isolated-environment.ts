import { dirname, join } from "node:path";
import { privateUserFolder } from "./private-user-folder.js";
import { temporaryFolder } from "./temporary-folder.js";

export type IsolatedEnvironment = {
  home: string;
  env: Record<string, string | undefined>;
};

/**
 * A home of its own with its own XDG folders and registry file, and a PATH
 * of the running node's folder, then the system's (`/usr/bin`, `/bin`: sh,
 * git, python3, sleep, which fake CLIs and the Hermes plugin use; node from a
 * version manager or a downloaded tarball sits in a folder of its own): nothing
 * the real user has is read or written. The
 * OpenSpec CLI installed with the runner is switched off too
 * (`OPENSPEC_AGENT_BUNDLED_CLI=0`), so a test without `OPENSPEC_BIN` is a
 * machine without the CLI; pass `OPENSPEC_AGENT_BUNDLED_CLI: undefined` to use it.
 * `openspec-agent`'s compile cache is one folder shared by every test, as a
 * user's cache is shared by their commands (a home of its own would make
 * every test's first start compile and write it).
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
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      OPENSPEC_AGENT_DB: join(home, "registry.db"),
      OPENSPEC_TELEMETRY: "0",
      NO_COLOR: "1",
      OPENSPEC_AGENT_BUNDLED_CLI: "0",
      OPENSPEC_AGENT_COMPILE_CACHE: testCompileCache(),
      // A suite that checks every tool through every host (the reliability suite) sets it for its workers.
      ...(process.env.OPENSPEC_AGENT_TOOLSETS
        ? { OPENSPEC_AGENT_TOOLSETS: process.env.OPENSPEC_AGENT_TOOLSETS }
        : {}),
      ...extra,
    },
  };
}

let compileCacheFolder: string | undefined;

/** One folder per user, shared by every test process (the start file keeps one cache per build in it). */
function testCompileCache(): string {
  compileCacheFolder ??= privateUserFolder("openspec-agent-compile-cache");
  return compileCacheFolder;
}

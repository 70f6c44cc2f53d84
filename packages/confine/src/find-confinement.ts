import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { dirname } from "node:path";
import { confineCommand } from "./confine-command.js";
import type { ConfinementSupport } from "./confinement-support.js";
import { findBwrap } from "./find-bwrap.js";
import { systemFolderOptions } from "./system-folder-options.js";

let cached: ConfinementSupport | undefined;

/** A trial run that does not answer within this is taken as "cannot confine here". */
const TRIAL_TIMEOUT_MS = 10_000;

/**
 * Whether programs can be confined on this host, checked once per process:
 * Linux only, `bwrap` at `/usr/bin/bwrap` or else on `env.PATH`, and one
 * trial run (`true` in the very view `confineCommand` builds) proving that it
 * can create the namespaces here: a container or a kernel setting can forbid
 * unprivileged user namespaces even where bwrap is installed.
 */
export function findConfinement(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ConfinementSupport {
  cached ??= checkConfinement(env);
  return cached;
}

function checkConfinement(env: Readonly<Record<string, string | undefined>>): ConfinementSupport {
  if (process.platform !== "linux") {
    return {
      ok: false,
      reason: `Confinement needs Linux with bubblewrap; this host runs ${process.platform}.`,
    };
  }
  const bwrap = findBwrap(env.PATH);
  if (bwrap === undefined) {
    return {
      ok: false,
      reason: "bubblewrap (bwrap) is not installed: install the distribution's bubblewrap package.",
    };
  }
  const support = {
    ok: true as const,
    kind: "bubblewrap" as const,
    bwrap,
    system: systemFolderOptions(),
  };
  // The trial runs Node itself: it is the program every confined run starts.
  const node = realpathSync(process.execPath);
  const [file, ...args] = confineCommand(support, [node, "-e", ""], {
    root: dirname(node),
    writable: false,
  });
  const trial = spawnSync(file as string, args, {
    stdio: ["ignore", "ignore", "pipe"],
    timeout: TRIAL_TIMEOUT_MS,
    env: {},
  });
  if (trial.status === 0) return support;
  const said = trial.error?.message ?? trial.stderr.toString("utf8").trim().split("\n")[0];
  return {
    ok: false,
    reason: `bubblewrap at ${bwrap} cannot confine a program here${said ? `: ${said}` : ""}.`,
  };
}

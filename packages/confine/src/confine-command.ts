import type { ConfinedView } from "./confined-view.js";
import type { ConfinementAvailable } from "./confinement-support.js";

/**
 * The private, empty home folder inside the view. It sits in the private
 * /tmp, so whatever the program writes there is gone when it ends.
 */
export const CONFINED_HOME = "/tmp/.confined-home";

/** Where programs look for their settings, caches and data: all in the private home. */
const HOME_VARIABLES: Readonly<Record<string, string>> = {
  HOME: CONFINED_HOME,
  XDG_CONFIG_HOME: `${CONFINED_HOME}/.config`,
  XDG_DATA_HOME: `${CONFINED_HOME}/.local/share`,
  XDG_CACHE_HOME: `${CONFINED_HOME}/.cache`,
  XDG_STATE_HOME: `${CONFINED_HOME}/.local/state`,
};

/**
 * The argv that runs `argv` inside `view`: `[bwrap, ...options, "--", ...argv]`.
 * Pure: no I/O. The program gets fresh user, mount, PID, network, IPC and UTS
 * namespaces (no network at all, no other process visible), no capabilities,
 * and dies with the process that started it. It sees the host's system
 * folders and `view.readOnly` read-only, bwrap's minimal /dev, a private
 * /tmp and home, and the root read-only or writable; no /proc, /sys or /etc.
 *
 * bwrap mounts what a path leads to, so a symlinked root or folder shows its
 * target at the path the caller gave. Later mounts cover earlier ones: the
 * root's own mode wins over a read-only folder that holds it.
 *
 * No `--new-session`: the runner starts bwrap detached, so it already leads a
 * session without a terminal (nothing to inject keystrokes into), and
 * everything inside stays in bwrap's process group, which a group kill reaches.
 */
export function confineCommand(
  support: ConfinementAvailable,
  argv: readonly string[],
  view: ConfinedView,
): string[] {
  const options = [
    "--unshare-all",
    "--die-with-parent",
    "--cap-drop",
    "ALL",
    ...support.system,
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    "--dir",
    CONFINED_HOME,
  ];
  for (const path of view.readOnly ?? []) options.push("--ro-bind-try", path, path);
  options.push(view.writable ? "--bind" : "--ro-bind", view.root, view.root);
  for (const path of view.readWrite ?? []) options.push("--bind-try", path, path);
  options.push("--chdir", view.cwd ?? view.root);
  for (const [name, value] of Object.entries({ ...HOME_VARIABLES, ...view.setEnv })) {
    options.push("--setenv", name, value);
  }
  return [support.bwrap, ...options, "--", ...argv];
}

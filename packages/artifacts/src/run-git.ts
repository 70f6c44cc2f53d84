import { confineCommand, findConfinement } from "@org/openspec-confine";
import { x } from "tinyexec";
import { checkGitDirectory } from "./check-git-directory.js";
import { gitInstallFolder } from "./git-install-folder.js";

/**
 * How one git run ended; `missing` when no `git` could be started at all,
 * `refused` when the folder's `.git` leads to another repository (git did not run).
 */
export type GitRun =
  | { ok: true; exitCode: number; stdout: string; stderr: string }
  | { ok: false; missing: true; detail: string }
  | { ok: false; refused: true; detail: string };

/** A generous bound: these are local reads of one object, a hang is the only thing it catches. */
const GIT_TIMEOUT_MS = 30_000;

/** More filter drivers than any real repository names: such a configuration is refused, not obeyed. */
const MAX_FILTERS = 200;

/**
 * Settings given on git's command line (`-c`, which every git version takes):
 * they outrank every configuration file, so whatever a repository's
 * `.git/config` (or a file it includes) says, git starts none of the programs
 * these keys name. Hooks point at an empty place; no fsmonitor, pager, editor,
 * askpass, ssh, credential helper, signature program or alternate-refs
 * command; external diffs and textconv are also switched off by
 * `--no-ext-diff --no-textconv` where a command diffs. `protocol.allow=never`
 * stops the lazy fetch of a partial clone (which would start a transport), and
 * `safe.bareRepository=explicit` stops git from taking a bare repository
 * committed inside the source as the repository. A key an older git does not
 * know is ignored by it, as is the program it would name.
 */
const PROGRAMS_OFF: ReadonlyArray<readonly [string, string]> = [
  ["core.fsmonitor", "false"],
  ["core.hooksPath", "/dev/null"],
  ["core.pager", "cat"],
  ["core.editor", ":"],
  ["sequence.editor", ":"],
  ["core.askPass", ""],
  ["core.sshCommand", ""],
  ["core.alternateRefsCommand", ""],
  ["credential.helper", ""],
  ["diff.external", ""],
  ["log.showSignature", "false"],
  ["gpg.program", ""],
  ["gpg.openpgp.program", ""],
  ["gpg.x509.program", ""],
  ["gpg.ssh.program", ""],
  ["gpg.ssh.defaultKeyCommand", ""],
  ["uploadpack.packObjectsHook", ""],
  ["protocol.allow", "never"],
  ["safe.bareRepository", "explicit"],
  ["color.ui", "false"],
];

/**
 * Commands that never read a file of the work tree, so git never runs a
 * filter for them: a filter (`clean`, `smudge`, `process`) converts work-tree
 * content, and `git status` (the only other command run here) reads that
 * content to compare a file whose times changed with the index. Any command
 * not listed gets every filter the configuration names switched off.
 */
const NEVER_FILTERS = new Set(["rev-parse", "ls-tree", "cat-file", "log", "config"]);

/**
 * Runs `git -c <settings> -C <folder> <args>` with an argument array (never a shell):
 * English messages, no prompts, no optional locks, paths taken literally, and
 * no program that the repository (or a system or user configuration) names —
 * see `PROGRAMS_OFF` and `filtersOff`. Every inherited `GIT_*` variable is
 * dropped (they could point git at another repository, index or
 * configuration), and the system and global configuration files are not read,
 * whatever `HOME` or `XDG_CONFIG_HOME` say. Before git starts, the folder's
 * `.git` is checked not to lead to another repository (`checkGitDirectory`).
 * These hold on every platform by themselves. Where the host can confine a
 * program (Linux with bubblewrap, `@org/openspec-confine`) and
 * `OPENSPEC_AGENT_CONFINE` is not `off`, git also runs in a view of only the
 * work tree it serves and its git folders, read-only: whatever a setting
 * these do not know names, it can reach nothing else.
 */
export async function runGit(
  folder: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<GitRun> {
  const directory = await checkGitDirectory(folder);
  if (directory?.refused) return { ok: false, refused: true, detail: directory.detail };
  const view = directory === null ? undefined : await gitView(folder, directory, env);
  const settings: Array<readonly [string, string]> = [...PROGRAMS_OFF];
  if (!NEVER_FILTERS.has(commandOf(args))) {
    const filters = await filtersOff(folder, env, view);
    if (!("settings" in filters)) return filters;
    settings.push(...filters.settings);
  }
  return spawnGit(folder, args, env, settings, view);
}

/**
 * Every filter driver the configuration git would read names, each switched
 * off: empty `clean`, `smudge` and `process`, and `required=false` so git
 * compares the raw bytes instead of failing. Driver names come from the
 * repository, so they are read first, with `git config --get-regexp` run as
 * hardened as any other command (reading configuration runs nothing); includes
 * are followed exactly as the next run would follow them.
 */
async function filtersOff(
  folder: string,
  env: Readonly<Record<string, string | undefined>>,
  view: GitView | undefined,
): Promise<{ ok: true; settings: Array<readonly [string, string]> } | GitRun> {
  const listed = await spawnGit(
    folder,
    ["config", "-z", "--name-only", "--get-regexp", "^filter\\."],
    env,
    PROGRAMS_OFF,
    view,
  );
  if (!listed.ok) return listed;
  // 1: no filter is named. Anything else: the configuration could not be read, so the filters
  // it names are unknown and the command does not run (its caller sees git's own complaint).
  if (listed.exitCode !== 0 && listed.exitCode !== 1) return listed;
  const names = new Set<string>();
  for (const key of listed.stdout.split("\0")) {
    const last = key.lastIndexOf(".");
    if (key.startsWith("filter.") && last > "filter.".length) names.add(key.slice(7, last));
  }
  if (names.size > MAX_FILTERS) {
    return {
      ok: false,
      refused: true,
      detail: `the git configuration names ${names.size} filters`,
    };
  }
  // `-c` splits at the first "=": a driver named with one could not be switched off by name.
  const unnamable = [...names].find((name) => name.includes("="));
  if (unnamable !== undefined) {
    return {
      ok: false,
      refused: true,
      detail: `the git configuration names a filter "${unnamable.slice(0, 64)}" with "=" in it`,
    };
  }
  const settings: Array<readonly [string, string]> = [];
  for (const name of names) {
    for (const key of ["clean", "smudge", "process"]) settings.push([`filter.${name}.${key}`, ""]);
    settings.push([`filter.${name}.required`, "false"]);
  }
  return { ok: true, settings };
}

/** The git command in `args`: the first word after any `-c <setting>` pairs and options. */
function commandOf(args: readonly string[]): string {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === "-c") index += 1;
    else if (!arg.startsWith("-")) return arg;
  }
  return "";
}

/** The bubblewrap command that runs git confined, or undefined where it runs as it is. */
type GitView = { wrap: (argv: string[]) => string[] };

/**
 * The view git runs in where the host can confine it: the work tree's top and
 * the linked work tree's git folders read-only, and git's own install folder
 * when it lies outside `/usr`. Undefined where the host cannot confine, with
 * `OPENSPEC_AGENT_CONFINE=off`, or when no git is found on `PATH` (the run
 * then fails as it would unconfined).
 */
async function gitView(
  folder: string,
  directory: { top: string; gitFolders: string[] },
  env: Readonly<Record<string, string | undefined>>,
): Promise<GitView | undefined> {
  if (env.OPENSPEC_AGENT_CONFINE === "off") return undefined;
  const support = findConfinement(env);
  if (!support.ok) return undefined;
  const git = await gitInstallFolder(env.PATH);
  if (git === undefined) return undefined;
  const readOnly = [...directory.gitFolders, ...(git.folder === undefined ? [] : [git.folder])];
  return {
    wrap: (argv) =>
      confineCommand(support, [git.path, ...argv], {
        root: directory.top,
        writable: false,
        cwd: folder,
        ...(readOnly.length > 0 ? { readOnly } : {}),
        // As outside: no home a configuration file could be read from, for every git version.
        setEnv: { HOME: "/dev/null", XDG_CONFIG_HOME: "/dev/null" },
      }),
  };
}

async function spawnGit(
  folder: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  settings: ReadonlyArray<readonly [string, string]>,
  view?: GitView,
): Promise<Exclude<GitRun, { refused: true }>> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && !key.toUpperCase().startsWith("GIT_")) childEnv[key] = value;
  }
  Object.assign(childEnv, {
    LC_ALL: "C",
    LANGUAGE: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_SYSTEM: "/dev/null",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_ATTR_NOSYSTEM: "1",
    GIT_NO_REPLACE_OBJECTS: "1",
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_LITERAL_PATHSPECS: "1",
    GIT_PAGER: "cat",
    PAGER: "cat",
  });
  if (process.platform !== "win32") {
    // A git older than 2.32 ignores GIT_CONFIG_GLOBAL: a home that cannot hold a file
    // (ENOTDIR, which git takes as "no such file") keeps ~/.gitconfig and
    // $XDG_CONFIG_HOME/git/config out for every version.
    childEnv.HOME = "/dev/null";
    childEnv.XDG_CONFIG_HOME = "/dev/null";
  }
  const overrides = settings.flatMap(([key, value]) => ["-c", `${key}=${value}`]);
  const gitArgs = [...overrides, "-C", folder, "--no-pager", ...args];
  const [command, ...commandArgs] = view === undefined ? ["git", ...gitArgs] : view.wrap(gitArgs);
  try {
    const result = await x(command as string, commandArgs, {
      nodePath: false,
      inheritEnv: false,
      throwOnError: false,
      timeout: GIT_TIMEOUT_MS,
      nodeOptions: { cwd: folder, env: childEnv, stdio: ["ignore", "pipe", "pipe"] },
    });
    return {
      ok: true,
      exitCode: result.exitCode ?? -1,
      stdout: result.stdout,
      stderr: result.stderr,
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === "ENOENT" || code === "EACCES") {
      return { ok: false, missing: true, detail: String((error as Error).message) };
    }
    throw error;
  }
}

import { x } from "tinyexec";

/** How one git run ended; `missing` when no `git` could be started at all. */
export type GitRun =
  | { ok: true; exitCode: number; stdout: string; stderr: string }
  | { ok: false; missing: true; detail: string };

/** A generous bound: these are local reads of one object, a hang is the only thing it catches. */
const GIT_TIMEOUT_MS = 30_000;

// Variables that would point git at another repository, index or work tree than the folder asked about.
const REDIRECTING = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
  "GIT_CEILING_DIRECTORIES",
];

/**
 * Runs `git -C <folder> <args>` with an argument array (never a shell):
 * English messages, no prompts, no optional locks, no fsmonitor hook, and
 * paths taken literally, so a read changes nothing and runs no program a
 * repository's configuration names.
 */
export async function runGit(
  folder: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<GitRun> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && !REDIRECTING.includes(key)) childEnv[key] = value;
  }
  Object.assign(childEnv, {
    LC_ALL: "C",
    LANGUAGE: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_LITERAL_PATHSPECS: "1",
    GIT_PAGER: "cat",
  });
  try {
    const result = await x(
      "git",
      ["-c", "core.fsmonitor=false", "-C", folder, "--no-pager", ...args],
      {
        nodePath: false,
        inheritEnv: false,
        throwOnError: false,
        timeout: GIT_TIMEOUT_MS,
        nodeOptions: { cwd: folder, env: childEnv, stdio: ["ignore", "pipe", "pipe"] },
      },
    );
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

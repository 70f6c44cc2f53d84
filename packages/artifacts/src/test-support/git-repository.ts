import { execFileSync } from "node:child_process";

/** Runs git in `folder` as a test sets a repository up; a failure is a broken test. */
export function git(folder: string, ...args: string[]): string {
  return execFileSync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", folder, ...args],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

/** `git init` in `folder` and one commit of everything in it. */
export function commitAll(folder: string, message = "Baseline"): void {
  git(folder, "init", "--quiet", "--initial-branch=main");
  git(folder, "add", "-A");
  git(folder, "commit", "--quiet", "-m", message);
}

import { execFileSync } from "node:child_process";

/** `git init` in `folder` and one commit of everything in it, as a test sets a repository up. */
export function commitAll(folder: string): void {
  const git = (...args: string[]) =>
    execFileSync(
      "git",
      ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", folder, ...args],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
  git("init", "--quiet", "--initial-branch=main");
  git("add", "-A");
  git("commit", "--quiet", "-m", "Baseline");
}

import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { temporaryFolder } from "./temporary-folder.js";
import { writeFiles } from "./write-files.js";

/** What `plantGitPrograms` set up: where markers appear, and the environment that brings in a global configuration. */
export type PlantedGitPrograms = {
  /** Each planted program, when run, writes a file named after it here. */
  markers: string;
  /** A HOME and XDG_CONFIG_HOME whose git configuration includes another file naming programs. */
  env: Record<string, string>;
  /** The names of the markers written so far: empty while git obeyed nothing. */
  ran: () => string[];
};

/** Every hook git knows; each planted one writes its marker. */
const HOOKS = [
  "pre-commit",
  "post-checkout",
  "post-index-change",
  "reference-transaction",
  "pre-auto-gc",
  "post-rewrite",
  "fsmonitor-watchman",
];

/**
 * Gives the git repository at `top` (already committed) every setting that
 * makes git start a program: filter drivers (`clean`, `smudge`, `process`,
 * `required`) on every file, one of them named only in an included file, a
 * textconv and external diff driver, `diff.external`, an fsmonitor hook, hooks
 * (in `.git/hooks` and through `core.hooksPath`), a pager for every command,
 * an ssh command, a credential helper and an alternate-refs command; and a
 * home (`home`, a fresh one by default) whose global configuration includes a file with a filter and an
 * fsmonitor of its own. Every committed file's time moves forward, so
 * `git status` has to read the work tree's content (where filters run).
 * Each program writes a marker file and then behaves (passes content through).
 */
export function plantGitPrograms(
  top: string,
  home: string = temporaryFolder("git-home-"),
): PlantedGitPrograms {
  const markers = temporaryFolder("git-markers-");
  const programs = temporaryFolder("git-programs-");
  const program = (name: string): string => {
    const path = join(programs, name);
    writeFileSync(
      path,
      `#!/bin/sh\ntouch '${join(markers, name)}'\nif [ -f "$1" ]; then exec cat "$1"; fi\nexec cat\n`,
    );
    chmodSync(path, 0o755);
    return path;
  };
  const hooks = join(programs, "hooks");
  for (const hook of HOOKS) {
    for (const folder of [hooks, join(top, ".git", "hooks")]) {
      writeFiles(folder, { [hook]: `#!/bin/sh\ntouch '${join(markers, `hook-${hook}`)}'\n` });
      chmodSync(join(folder, hook), 0o755);
    }
  }
  const included = join(programs, "included.gitconfig");
  writeFileSync(
    included,
    `[filter "included"]\n\tclean = ${program("included-clean")}\n\trequired = true\n`,
  );
  writeFileSync(
    join(top, ".git", "info", "attributes"),
    "* filter=evil diff=evil\n*.md filter=included diff=evil\n*.yaml filter=global\n",
  );
  const settings: Array<[string, string]> = [
    ["filter.evil.clean", program("filter-clean")],
    ["filter.evil.smudge", program("filter-smudge")],
    ["filter.evil.process", program("filter-process")],
    ["filter.evil.required", "true"],
    ["diff.evil.textconv", program("textconv")],
    ["diff.evil.command", program("diff-driver")],
    ["diff.external", program("external-diff")],
    ["core.fsmonitor", program("fsmonitor")],
    ["core.hooksPath", hooks],
    ["core.pager", program("pager")],
    ["pager.log", program("pager-log")],
    ["pager.status", program("pager-status")],
    ["core.sshCommand", program("ssh")],
    ["credential.helper", `!${program("credential")}`],
    ["core.alternateRefsCommand", program("alternate-refs")],
    ["include.path", included],
  ];
  for (const [key, value] of settings) {
    execFileSync("git", ["-C", top, "config", "--local", key, value]);
  }
  const globalIncluded = join(home, "global-included.gitconfig");
  writeFileSync(
    globalIncluded,
    `[filter "global"]\n\tclean = ${program("global-clean")}\n\trequired = true\n[core]\n\tfsmonitor = ${program("global-fsmonitor")}\n`,
  );
  const globalConfig = `[include]\n\tpath = ${globalIncluded}\n[core]\n\tpager = ${program("global-pager")}\n`;
  writeFiles(home, { ".gitconfig": globalConfig, ".config/git/config": globalConfig });
  // A second later than every stat git recorded: the index no longer vouches for the content.
  const later = new Date(Date.now() + 2_000);
  touchTree(top, later);
  return {
    markers,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, ".config") },
    ran: () => readdirSync(markers).sort(),
  };
}

function touchTree(folder: string, time: Date): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === ".git") continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) touchTree(path, time);
    else if (entry.isFile()) utimesSync(path, time, time);
  }
}

/** The folder holding `git` on this machine's PATH, for an isolated environment whose PATH has only node. */
export function gitFolder(): string {
  for (const folder of (process.env.PATH ?? "").split(":")) {
    if (folder !== "" && existsSync(join(folder, "git"))) return folder;
  }
  return dirname(execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim());
}

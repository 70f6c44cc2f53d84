import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import type { Failure } from "@org/openspec-failure";
import { findBundledOpenSpec } from "./find-bundled-openspec.js";
import { findExecutableProblem } from "./find-executable-problem.js";

/** The discovery rules, in the order they are tried. */
export type OpenSpecRule = "OPENSPEC_BIN" | "PATH" | "npm-global" | "bundled";

/** One candidate that was looked at and did not win, with the reason. */
export interface DiscoveryAttempt {
  rule: OpenSpecRule;
  /** The candidate path, or `null` when the rule had nothing to look at. */
  path: string | null;
  reason: string;
}

export interface OpenSpecFound {
  ok: true;
  path: string;
  rule: OpenSpecRule;
  /**
   * The Node executable to run `path` with (the host's own), set only for the
   * `bundled` rule: `path` is then the package's `bin/openspec.js`, whose
   * `#!/usr/bin/env node` line would need `node` on PATH.
   */
  node?: string;
  /** Candidates passed over before this one, e.g. a broken `OPENSPEC_BIN`. */
  tried: DiscoveryAttempt[];
}

/** Why discovery found no CLI; its only code. */
export type LocateFailureCode = "openspec_not_found";

export interface OpenSpecNotFound extends Failure<LocateFailureCode> {
  fix: string;
  tried: DiscoveryAttempt[];
}

export type OpenSpecDiscovery = OpenSpecFound | OpenSpecNotFound;

export interface FindOpenSpecOptions {
  /**
   * The environment to read `OPENSPEC_BIN` and `PATH` from; defaults to
   * `process.env`. `OPENSPEC_AGENT_BUNDLED_CLI=0` there turns the `bundled` rule off.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** The home folder holding `.npm-global/bin/openspec`; defaults to `os.homedir()`. */
  home?: string;
  /**
   * The `bin/openspec.js` of the last rule, `bundled`; defaults to the
   * `@fission-ai/openspec` this installation resolves. `null` turns the rule off.
   */
  bundled?: string | null;
}

/** A path to inspect, or a rule that cannot name one (`skipReason`), e.g. an unset variable. */
type Candidate =
  | { rule: OpenSpecRule; path: string; skipReason?: undefined }
  | { rule: OpenSpecRule; path: string | null; skipReason: string };

const INSTALL_FIX =
  "Install the CLI with `npm install -g @fission-ai/openspec`, or set OPENSPEC_BIN to the absolute path of an openspec executable.";

function binCandidate(value: string | undefined): Candidate {
  if (value === undefined || value === "") {
    return { rule: "OPENSPEC_BIN", path: null, skipReason: "OPENSPEC_BIN is not set" };
  }
  if (!isAbsolute(value)) {
    return {
      rule: "OPENSPEC_BIN",
      path: value,
      skipReason: `OPENSPEC_BIN is the relative path ${value}; it must be absolute`,
    };
  }
  return { rule: "OPENSPEC_BIN", path: value };
}

// Empty and relative PATH entries would resolve against the host's own cwd,
// which says nothing about where the CLI is installed, so they are skipped.
function pathCandidates(value: string | undefined): Candidate[] {
  if (value === undefined || value === "") {
    return [{ rule: "PATH", path: null, skipReason: "PATH is not set" }];
  }
  return value.split(":").map(
    (directory): Candidate =>
      isAbsolute(directory)
        ? { rule: "PATH", path: join(directory, "openspec") }
        : {
            rule: "PATH",
            path: null,
            skipReason: `PATH entry "${directory}" is not an absolute directory`,
          },
  );
}

function npmGlobalCandidate(home: string): Candidate {
  if (!isAbsolute(home)) {
    return { rule: "npm-global", path: null, skipReason: "no absolute home folder is known" };
  }
  return { rule: "npm-global", path: join(home, ".npm-global", "bin", "openspec") };
}

function bundledCandidate(switchValue: string | undefined, script: string | null): Candidate {
  if (switchValue === "0") {
    return {
      rule: "bundled",
      path: null,
      skipReason: "OPENSPEC_AGENT_BUNDLED_CLI=0 turns the bundled CLI off",
    };
  }
  if (script === null) {
    return {
      rule: "bundled",
      path: null,
      skipReason: "no @fission-ai/openspec package is installed with this tool",
    };
  }
  return { rule: "bundled", path: script };
}

// The bundled script is run by the host's own Node, so it only has to be a file.
async function findScriptProblem(path: string): Promise<string | undefined> {
  try {
    return (await stat(path)).isFile() ? undefined : "is not a regular file";
  } catch {
    return "does not exist";
  }
}

function describeProblem(rule: OpenSpecRule, path: string, problem: string): string {
  if (rule === "OPENSPEC_BIN") return `OPENSPEC_BIN points to ${path}, which ${problem}`;
  return `${path} (${rule}) ${problem}`;
}

function notFoundError(tried: DiscoveryAttempt[]): string {
  const bin = tried.find((attempt) => attempt.rule === "OPENSPEC_BIN" && attempt.path !== null);
  const detail = bin === undefined ? "" : `; ${bin.reason}`;
  return `No executable openspec CLI was found via OPENSPEC_BIN, PATH, ~/.npm-global/bin or the bundled package${detail}.`;
}

/**
 * Finds the OpenSpec CLI: `OPENSPEC_BIN`, then `openspec` in each `PATH`
 * directory, then `<home>/.npm-global/bin/openspec`, then the
 * `@fission-ai/openspec` installed with this package (`bundled`, run with the
 * host's own Node). The first existing executable regular file wins; a broken `OPENSPEC_BIN` does not stop the
 * search but is reported in `tried`. Only a few `stat` calls, so callers may
 * run it before every command.
 */
export async function findOpenSpec(options: FindOpenSpecOptions = {}): Promise<OpenSpecDiscovery> {
  const env = options.env ?? process.env;
  // The bundled package is resolved only when every other rule failed: resolving
  // it walks node_modules, which a host's start-up should not pay for nothing.
  const candidates: (Candidate | (() => Candidate))[] = [
    binCandidate(env.OPENSPEC_BIN),
    ...pathCandidates(env.PATH),
    npmGlobalCandidate(options.home ?? homedir()),
    () =>
      bundledCandidate(
        env.OPENSPEC_AGENT_BUNDLED_CLI,
        options.bundled === undefined ? findBundledOpenSpec() : options.bundled,
      ),
  ];
  const tried: DiscoveryAttempt[] = [];
  for (const entry of candidates) {
    const candidate = typeof entry === "function" ? entry() : entry;
    if (candidate.skipReason !== undefined) {
      tried.push({ rule: candidate.rule, path: candidate.path, reason: candidate.skipReason });
      continue;
    }
    const bundled = candidate.rule === "bundled";
    const problem = bundled
      ? await findScriptProblem(candidate.path)
      : await findExecutableProblem(candidate.path);
    if (problem === undefined) {
      const { path, rule } = candidate;
      return { ok: true, path, rule, ...(bundled ? { node: process.execPath } : {}), tried };
    }
    tried.push({
      rule: candidate.rule,
      path: candidate.path,
      reason: describeProblem(candidate.rule, candidate.path, problem),
    });
  }
  return {
    ok: false,
    code: "openspec_not_found",
    error: notFoundError(tried),
    fix: INSTALL_FIX,
    tried,
  };
}

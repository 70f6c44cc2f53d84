import { beforeAll } from "vitest";
import { type RunOpenSpecOptions, runOpenSpec } from "../run-openspec.js";
import type { RunResult } from "../run-result.js";
import { initRepo, REAL_CLI } from "./real-cli.js";
import { type Sandbox, useSandbox } from "./sandbox.js";

export interface RealCliFixture {
  readonly sandbox: Sandbox;
  /** A repository made by `openspec init --tools none`, shared by the file's tests. */
  readonly repo: string;
  /** Runs the real CLI in the repository with the sandbox's environment. */
  run(args: readonly string[], options?: Partial<RunOpenSpecOptions>): Promise<RunResult>;
}

/** One sandbox and one initialised repository for the whole test file. */
export function useRealCliRepo(): RealCliFixture {
  const sandbox = useSandbox("all");
  let repo: string | undefined;
  beforeAll(() => {
    repo = initRepo(sandbox.current, "repo");
  });
  const fixture: RealCliFixture = {
    get sandbox() {
      return sandbox.current;
    },
    get repo() {
      if (repo === undefined) throw new Error("useRealCliRepo: read .repo inside a test");
      return repo;
    },
    run: (args, options = {}) =>
      runOpenSpec({
        bin: REAL_CLI,
        args,
        workdir: fixture.repo,
        env: fixture.sandbox.env,
        ...options,
      }),
  };
  return fixture;
}

import { temporaryFolder } from "@org/test-kit";
import { recordingOpenSpec } from "../fake-cli/fake-openspec.js";

/** The CLI timeout every fuzzed host runs with. */
export const FUZZ_CLI_TIMEOUT_MS = 5_000;

/** The CLI timeout, SIGTERM's grace and SIGKILL's wait, and room for a machine busy with other tests. */
export const FUZZ_DEADLINE_MS = FUZZ_CLI_TIMEOUT_MS + 2 * 1_000 + 20_000;

/** The environment a fuzzed host gets: a fake CLI that records its arguments, and a short timeout. */
export function fuzzEnvironment(): { argvLog: string; env: Record<string, string> } {
  const argvLog = temporaryFolder("argv-log-");
  return {
    argvLog,
    env: {
      OPENSPEC_BIN: recordingOpenSpec(argvLog),
      OPENSPEC_AGENT_CLI_TIMEOUT_MS: String(FUZZ_CLI_TIMEOUT_MS),
      // The recording fake writes every argv to a log outside the repository, which a
      // confined run could not reach; what reaches the CLI is the subject here.
      OPENSPEC_AGENT_CONFINE: "off",
    },
  };
}

import { measureRatio } from "./measure.mjs";
import { ratioResult } from "./result.mjs";
import { runProcess } from "./run-process.mjs";

/**
 * shell-cli-context: the shell CLI's `openspec-agent context <source> --json` on a registered
 * small repository, start to exit, against starting `node -e 0` and waiting
 * for it to exit: what a short shell command costs over a bare Node start.
 * openspec-agent's compile cache is warm, as for every start of a user's
 * after the first: the bench's `sources add` wrote it (in the bench's home).
 *
 * @param {{ iterations: number, cliBin: string, source: string, env: Record<string, string>, cwd: string }} options
 */
export async function benchCliContext({ iterations, cliBin, source, env, cwd }) {
  let answeredOk = true;
  const context = async () => {
    const { code, stdout } = await runProcess(
      process.execPath,
      [cliBin, "context", source, "--json"],
      {
        cwd,
        env,
      },
    );
    answeredOk &&= code === 0 && JSON.parse(stdout).ok === true;
  };
  const measured = await measureRatio({
    iterations,
    baseline: () => runProcess(process.execPath, ["-e", "0"], { cwd, env }),
    candidate: context,
  });
  return ratioResult({
    id: "shell-cli-context",
    title: "openspec-agent context <source> --json / node -e 0",
    measured,
    atMost: 2.5,
    valid: answeredOk,
    details: {
      source,
      compileCache: "warm",
      nodeMs: measured.baselineMs.median,
      cliMs: measured.candidateMs.median,
    },
  });
}

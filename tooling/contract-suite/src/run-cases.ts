import type { HostAnswer, HostOptions, HostUnderTest } from "@org/host-harness";
import { contractCases } from "./cases.js";
import type { ContractCase } from "./contract-case.js";
import { normalizeResult, sourceTokensOf } from "./normalize-result.js";
import { makeSandbox, type Sandbox } from "./sandbox.js";

/** The tools whose results hold tokens of sources they registered, which differ host by host. */
const REGISTERING_TOOLS = new Set(["openspec_source_add", "openspec_source_import"]);

/** `tools`: what the host offered as it opened, before the first case. */
export type HostRun = { host: string; tools: string[]; results: unknown[]; normalized: unknown[] };

/**
 * Runs the whole table through one host, in order, in a sandbox of its own; `env` adds to the
 * sandbox's environment (the settings a host is run with).
 */
export async function runCasesThrough(
  openHost: (options: HostOptions) => Promise<HostUnderTest>,
  options: { cases?: readonly ContractCase[]; env?: Record<string, string> } = {},
): Promise<HostRun> {
  const { cases = contractCases, env = {} } = options;
  const sandbox: Sandbox = makeSandbox({ cli: true });
  // Warm OpenSpec workers in every host: the table checks answers, not the CLI's cold start.
  const host = await openHost({
    env: { ...sandbox.env, ...env },
    cwd: sandbox.home,
    warmPool: true,
  });
  const results: unknown[] = [];
  const tokens: string[] = [];
  let tools: string[] = [];
  try {
    tools = (await host.listTools()).sort();
    for (const contractCase of cases) {
      contractCase.prepare?.(sandbox);
      const result = resultOf(
        await host.call(contractCase.tool, contractCase.args(sandbox, tokens)),
      );
      if (REGISTERING_TOOLS.has(contractCase.tool)) tokens.push(...sourceTokensOf(result));
      results.push(result);
    }
  } finally {
    await host.close();
  }
  return {
    host: host.name,
    tools,
    results,
    normalized: results.map((result) => normalizeResult(result, sandbox, tokens)),
  };
}

/** The catalog's answer; a host that refused the call itself fails the run, as no host may. */
function resultOf(answer: HostAnswer): unknown {
  if (answer.kind === "result") return answer.result;
  throw new Error(`The host refused the call before the catalog saw it: ${answer.detail}`);
}

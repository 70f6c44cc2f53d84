import type { Door, DoorAnswer, DoorOptions } from "@org/host-doors";
import { contractCases } from "./cases.js";
import type { ContractCase } from "./contract-case.js";
import { normalizeResult, sourceTokensOf } from "./normalize-result.js";
import { makeSandbox, type Sandbox } from "./sandbox.js";

/** The tools whose results hold tokens of sources they registered, which differ door by door. */
const REGISTERING_TOOLS = new Set(["openspec_source_add", "openspec_source_import"]);

export type DoorRun = { door: string; results: unknown[]; normalized: unknown[] };

/** Runs the whole table through one door, in order, in a sandbox of its own. */
export async function runCasesThrough(
  openDoor: (options: DoorOptions) => Promise<Door>,
  cases: readonly ContractCase[] = contractCases,
): Promise<DoorRun> {
  const sandbox: Sandbox = makeSandbox({ cli: true });
  const door = await openDoor({ env: sandbox.env, cwd: sandbox.home });
  const results: unknown[] = [];
  const tokens: string[] = [];
  try {
    for (const contractCase of cases) {
      contractCase.prepare?.(sandbox);
      const result = resultOf(
        await door.call(contractCase.tool, contractCase.args(sandbox, tokens)),
      );
      if (REGISTERING_TOOLS.has(contractCase.tool)) tokens.push(...sourceTokensOf(result));
      results.push(result);
    }
  } finally {
    await door.close();
  }
  return {
    door: door.name,
    results,
    normalized: results.map((result) => normalizeResult(result, sandbox, tokens)),
  };
}

/** The catalog's answer; a host that refused the call itself fails the run, as no door may. */
function resultOf(answer: DoorAnswer): unknown {
  if (answer.kind === "result") return answer.result;
  throw new Error(`The host refused the call before the catalog saw it: ${answer.detail}`);
}

import type { NeedsCli } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * The failure for a repository the native reader refused to hand to the CLI
 * (a FIFO where the CLI reads a file would hold a run slot until its
 * timeout): answered at once, with the path to fix.
 */
export function refusedAnswer(refusal: NonNullable<NeedsCli["refusal"]>): ToolFailure {
  return toolFailure(refusal.code, refusal.error, refusal.fix, { path: refusal.path });
}

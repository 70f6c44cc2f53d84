import type { Failure } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

export function fromArtifactFailure(failure: Failure): ToolFailure {
  return toolFailure(failure.code, failure.error, failure.fix, {
    ...(failure.candidates ? { candidates: failure.candidates } : {}),
    ...(failure.path === undefined ? {} : { path: failure.path }),
  });
}

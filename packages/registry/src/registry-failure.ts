import { type Failure, failure } from "@org/openspec-failure";
import type { Source } from "./source.js";

/** Every stable failure code the registry returns. */
export type RegistryFailureCode =
  | "duplicate_source_path"
  | "duplicate_source_name"
  | "source_not_found"
  | "ambiguous_source"
  | "invalid_path"
  | "invalid_name"
  | "registry_unreadable"
  | "registry_busy"
  | "registry_read_only"
  | "registry_too_new"
  | "registry_unreachable"
  | "duplicate_access_token"
  | "access_token_not_found"
  | "access_token_invalid";

/** An expected failure: a stable code and one sentence in `error` that says what to fix. */
export type RegistryFailure<Code extends RegistryFailureCode = RegistryFailureCode> =
  Failure<Code> & {
    /** The sources involved, for `ambiguous_source` and `duplicate_*` failures. */
    readonly candidates?: readonly Source[];
  };

export function registryFailure<Code extends RegistryFailureCode>(
  code: Code,
  error: string,
  candidates?: readonly Source[],
): RegistryFailure<Code> {
  return candidates === undefined
    ? failure(code, error)
    : failure(code, error, undefined, { candidates });
}

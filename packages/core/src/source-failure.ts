import type { RegistryFailure, Source } from "@org/openspec-registry";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/** A registry failure as a tool result, with the matching sources when there were several. */
export function sourceFailure(failure: RegistryFailure): ToolFailure {
  const candidates = failure.candidates?.map(sourceCandidate);
  return toolFailure(
    failure.code,
    failure.error,
    sourceFix(failure.code),
    candidates ? { candidates } : {},
  );
}

export function sourceFix(code: string): string | undefined {
  switch (code) {
    case "source_not_found":
      return "List them all with {tool:openspec_source_list}, or register the repository with {tool:openspec_source_add}.";
    case "ambiguous_source":
      return "Give one of them a vanity name with {tool:openspec_source_update}, or pass its token.";
    case "invalid_name":
      return "Pass a vanity name ({field:name}) that follows the rule in the error: no slashes, control or invisible characters, not starting with os_ and a hex digit.";
    case "duplicate_source_path":
      return "Use the registered source the error names, or remove it with {tool:openspec_source_remove} first.";
    case "registry_busy":
      return "Another process is writing the registry; try again in a moment.";
    case "registry_read_only":
      return "Make the registry file and its folder writable for this user, or set OPENSPEC_AGENT_DB to a writable file; reads keep working.";
    case "registry_too_new":
      return "Upgrade openspec-agent (every host that shares this registry), or set OPENSPEC_AGENT_DB to another file.";
    case "registry_unreachable":
      return "Start the PostgreSQL server of OPENSPEC_AGENT_DB, or fix its URL and login; calls work again once it answers.";
    case "registry_unreadable":
      return "Check OPENSPEC_AGENT_DB or move the damaged file aside.";
    default:
      return undefined;
  }
}

/** A registered source as a failure lists it among the sources a name matched. */
export function sourceCandidate(source: Source) {
  return {
    token: source.token,
    name: source.name,
    display_name: source.displayName,
    path: source.path,
  };
}

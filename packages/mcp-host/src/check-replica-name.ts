import { type ToolFailure, toolFailure } from "@org/openspec-core";

/** Letters, digits and dashes: safe in a session id, an nginx map's regex and a Caddy matcher. */
const REPLICA_NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/**
 * Refuses a replica name a proxy could not route by: the name starts every
 * 2025 session id this server makes (`<name>.<uuid>`), and the proxy in front
 * of several replicas sends a session's requests to the replica its id names.
 */
export function checkReplicaName(name: string | undefined): ToolFailure | undefined {
  if (name === undefined || REPLICA_NAME.test(name)) return undefined;
  return toolFailure(
    "invalid_setting",
    `The replica name ${JSON.stringify(name.slice(0, 64))} cannot start a session id.`,
    "Name the replica with 1 to 32 lowercase letters, digits and dashes (OPENSPEC_AGENT_REPLICA=replica-1), different on every replica.",
  );
}

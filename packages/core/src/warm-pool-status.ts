import { checkWarmPoolTarget, type OpenSpecDiscovery } from "@org/openspec-cli-runner";

/**
 * Whether CLI-backed calls can run on warm workers with the CLI found now
 * (`usable`), and whether this catalog keeps workers at all (`kept`: the MCP
 * server and the Hermes bridge do, the one-shot shell CLI does not).
 */
export type WarmPoolStatus =
  | { usable: true; kept: boolean; package_root: string; via: "entry" | "shim"; reason: null }
  | { usable: false; kept: boolean; package_root: null; via: null; reason: string };

export function warmPoolStatus(
  cli: OpenSpecDiscovery,
  env: Readonly<Record<string, string | undefined>>,
  kept: boolean,
): WarmPoolStatus {
  const unusable = (reason: string): WarmPoolStatus => ({
    usable: false,
    kept,
    package_root: null,
    via: null,
    reason,
  });
  if (env.OPENSPEC_AGENT_POOL === "0") return unusable("OPENSPEC_AGENT_POOL=0 turns it off.");
  if (!cli.ok) return unusable("No OpenSpec CLI was found.");
  const target = checkWarmPoolTarget(cli.path);
  if (!target.ok) return unusable(target.reason);
  return { usable: true, kept, package_root: target.package_root, via: target.via, reason: null };
}

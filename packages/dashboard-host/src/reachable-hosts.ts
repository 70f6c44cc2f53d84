import { type NetworkInterfaceInfo, networkInterfaces } from "node:os";

/**
 * The hosts a browser can reach a server bound to `host` at, best first. An
 * address binds as itself. A wildcard (`0.0.0.0`, every IPv4 address; `::`,
 * every address) is reached from other machines through this machine's own
 * non-loopback addresses (link-local IPv6 left out: it needs a zone), so
 * those come first and the loopback address last; a machine with none gets
 * the loopback address alone.
 */
export function reachableHosts(
  host: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  const bracket = (address: string) => (address.includes(":") ? `[${address}]` : address);
  if (host !== "0.0.0.0" && host !== "::") return [bracket(host)];
  const own = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter(
      (entry) =>
        !entry.internal &&
        (entry.family === "IPv4" || (host === "::" && !entry.address.startsWith("fe80:"))),
    )
    .sort((a, b) => Number(a.family === "IPv6") - Number(b.family === "IPv6"))
    .map((entry) => bracket(entry.address));
  return [...own, "127.0.0.1"];
}

import type { IncomingMessage } from "node:http";

/**
 * DNS-rebinding protection as the MCP SDK recommends it: the Host header must
 * name an allowed host, and an Origin header (sent by browsers) must too. A
 * web page whose name an attacker points at 127.0.0.1 then gets 403 however
 * the name resolves. With no allowed list (a non-loopback bind without
 * `allowedHosts`), Host is not checked, but an Origin must be the Host itself.
 * Returns why the request is refused, or undefined.
 */
export function checkRequestOrigin(
  request: IncomingMessage,
  allowedHosts: ReadonlySet<string>,
): string | undefined {
  const host = hostnameOf(request.headers.host);
  if (host === undefined) return "the Host header is missing or malformed";
  if (allowedHosts.size > 0 && !allowedHosts.has(host)) return `Host ${host} is not allowed`;
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const originHost = originHostname(origin);
  if (originHost === undefined) return "the Origin header is malformed";
  const allowed = allowedHosts.size > 0 ? allowedHosts.has(originHost) : originHost === host;
  return allowed ? undefined : `Origin ${origin} is not allowed`;
}

function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (hostHeader === undefined || hostHeader === "") return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function originHostname(origin: string): string | undefined {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

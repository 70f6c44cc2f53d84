import type { IncomingMessage } from "node:http";
import { validateHostHeader } from "@modelcontextprotocol/server";

/**
 * DNS-rebinding protection as the MCP SDK recommends it: the Host header must
 * name an allowed host (the SDK's `validateHostHeader`), so a web page whose
 * name an attacker points at 127.0.0.1 gets 403 however the name resolves.
 * With no allowed list (a non-loopback bind without `allowedHosts`), Host is
 * not checked. An Origin header (sent by browsers) must be the server's own
 * origin as the request reached it, scheme, host and port exactly, as the
 * dashboard checks writes: `http://<Host>`, or `https://<Host>` when a TLS
 * proxy in front says so with `X-Forwarded-Proto: https`. So
 * `http://localhost:8080` or `https://127.0.0.1:<port>` (another site on this
 * machine) is refused. That half stays ours: the SDK's origin check
 * (`validateOriginHeader`) compares host names only, whatever the port and
 * scheme, so it would let those two through. Returns why the request is
 * refused, or undefined.
 */
export function checkRequestOrigin(
  request: IncomingMessage,
  allowedHosts: ReadonlySet<string>,
): string | undefined {
  const hostHeader = request.headers.host;
  if (allowedHosts.size > 0) {
    const checked = validateHostHeader(hostHeader, [...allowedHosts]);
    if (!checked.ok) return checked.message;
  }
  if (
    hostHeader === undefined ||
    hostHeader === "" ||
    parseOrigin(`http://${hostHeader}`) === undefined
  ) {
    return "the Host header is missing or malformed";
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const given = parseOrigin(origin);
  if (given === undefined) return "the Origin header is malformed";
  const scheme = forwardedProto(request) === "https" ? "https" : "http";
  const own = parseOrigin(`${scheme}://${hostHeader}`);
  return own !== undefined && given.origin === own.origin
    ? undefined
    : `Origin ${origin} is not this server's own origin`;
}

function parseOrigin(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.origin === "null" ? undefined : url;
  } catch {
    return undefined;
  }
}

function forwardedProto(request: IncomingMessage): string | undefined {
  const header = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0];
  return first?.trim().toLowerCase();
}

import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { errorPage } from "./pages/error-page.js";

export type GuardOptions = {
  /** Host header values (host:port) a request may name; null accepts any (a wildcard bind). */
  allowedHosts: ReadonlySet<string> | null;
  /** The token every request must carry, or null on a loopback bind. */
  token: string | null;
  /** The secret every form and script write carries, proof that it came from our page. */
  csrf: string;
};

export const TOKEN_COOKIE = "openspec_dashboard_token";

const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};

/**
 * Every request passes here first. A foreign Host header is refused (a DNS
 * rebinding page names its own host), a write must come from our own origin
 * and carry the page's secret, and off loopback every request needs the token.
 */
export function guardRequests(options: GuardOptions): MiddlewareHandler {
  return async (c, next) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    const host = c.req.header("host") ?? "";
    const allowed = options.allowedHosts;
    if (allowed !== null && !allowed.has(host.toLowerCase())) {
      return c.html(errorPage(403, "This server does not answer for that host name."), 403);
    }
    if (options.token !== null) {
      const fromQuery = c.req.query("token");
      if (fromQuery !== undefined && fromQuery === options.token) {
        setCookie(c, TOKEN_COOKIE, options.token, {
          httpOnly: true,
          sameSite: "Strict",
          path: "/",
        });
        const url = new URL(c.req.url);
        url.searchParams.delete("token");
        return c.redirect(`${url.pathname}${url.search}`, 303);
      }
      const bearer = c.req.header("authorization")?.replace(/^Bearer\s+/i, "");
      if (bearer !== options.token && getCookie(c, TOKEN_COOKIE) !== options.token) {
        return c.html(
          errorPage(401, "Open the address printed when the dashboard started: it has the token."),
          401,
        );
      }
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const foreign =
        origin === undefined
          ? site !== undefined && site !== "same-origin"
          : origin !== `http://${host}`;
      if (foreign) {
        return c.html(
          errorPage(403, "Writes are accepted only from the dashboard's own pages."),
          403,
        );
      }
      const sent = c.req.header("x-csrf-token") ?? (await formField(c.req.raw.clone(), "csrf"));
      if (sent !== options.csrf) {
        return c.html(
          errorPage(403, "The form is out of date: reload the page and try again."),
          403,
        );
      }
    }
    await next();
  };
}

async function formField(request: Request, name: string): Promise<string | undefined> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("form")) return undefined;
  const form = await request.formData().catch(() => null);
  const value = form?.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The Host header values a server bound to `host` on `port` answers to. */
export function allowedHostsFor(host: string, port: number): ReadonlySet<string> | null {
  if (host === "0.0.0.0" || host === "::") return null;
  const names = new Set(["127.0.0.1", "localhost", "[::1]"]);
  names.add(host.includes(":") ? `[${host}]` : host.toLowerCase());
  return new Set([...names].map((name) => `${name}:${port}`));
}

/** Whether a bind address is reachable only from this machine. */
export function isLoopback(host: string): boolean {
  return host === "127.0.0.1" || host === "localhost" || host === "::1" || host.startsWith("127.");
}

import { randomBytes } from "node:crypto";
import type { Catalog } from "@org/openspec-core";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { CLIENT_SCRIPT } from "./assets/client-script.js";
import { STYLES } from "./assets/styles.js";
import { DashboardState } from "./dashboard-state.js";
import { guardRequests } from "./guard-requests.js";
import { errorPage } from "./pages/error-page.js";
import { layout } from "./pages/layout.js";
import { type Page, registerReadRoutes } from "./read-routes.js";
import { registerWriteRoutes } from "./write-routes.js";

export type DashboardOptions = {
  catalog: Catalog;
  /** Host header values (host:port) to answer; null answers any. */
  allowedHosts: ReadonlySet<string> | null;
  /** Required on every request when set (a server reachable from other machines). */
  token?: string | null;
  /** Changes per board page and results per search page (default 60). */
  pageSize?: number;
};

export type Dashboard = {
  fetch: (request: Request) => Response | Promise<Response>;
  /** Sources whose openspec/ is watched now. */
  watched: () => string[];
  close: () => void;
};

/** The dashboard as a fetch handler: routes, pages, live updates, and the request guard. */
export function createDashboard(options: DashboardOptions): Dashboard {
  const csrf = randomBytes(24).toString("base64url");
  const state = new DashboardState(options.catalog, csrf, options.pageSize ?? 60);
  const app = new Hono();
  app.use(
    "*",
    guardRequests({
      // Read on each request: a server learns its port (and so its host names) after it listens.
      get allowedHosts() {
        return options.allowedHosts;
      },
      token: options.token ?? null,
      csrf,
    }),
  );

  const page: Page = (c, layoutOptions, body, status = 200) =>
    c.html(layout({ ...layoutOptions, csrf }, body).value, status);

  app.get("/assets/app.css", (c) =>
    c.body(STYLES, 200, { "Content-Type": "text/css; charset=utf-8" }),
  );
  app.get("/assets/app.js", (c) =>
    c.body(CLIENT_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/healthz", (c) => c.json({ ok: true }));

  // Watch the sources from the start; each page and stream re-syncs the list.
  void state.sources();

  app.get("/events", (c) =>
    streamSSE(c, async (stream) => {
      await state.sources();
      const queue: string[] = [];
      let wake: (() => void) | null = null;
      const stop = state.listen(({ source }) => {
        queue.push(source);
        wake?.();
      });
      const closing = state.onClose(() => {
        stream.abort();
        wake?.();
      });
      stream.onAbort(() => {
        stop();
        closing();
        wake?.();
      });
      await stream.writeSSE({ event: "ready", data: "{}" });
      while (!stream.aborted && !stream.closed) {
        if (queue.length === 0) {
          // A comment line every 25 s keeps proxies and the browser from timing the stream out.
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 25_000).unref();
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted) await stream.write(": ping\n\n");
          continue;
        }
        const sources = [...new Set(queue.splice(0))];
        await stream.writeSSE({ event: "change", data: JSON.stringify({ sources }) });
      }
      stop();
      closing();
    }),
  );

  registerReadRoutes(app, state, page);
  registerWriteRoutes(app, state, page);
  app.notFound((c) => c.html(errorPage(404, "Nothing here."), 404));
  app.onError((error, c) => {
    // A bug: say so plainly; the catalog's own failures never get here.
    process.stderr.write(`openspec-dashboard: ${error.stack ?? error.message}\n`);
    return c.html(errorPage(500, "The dashboard hit a bug; the server log has the details."), 500);
  });

  return { fetch: app.fetch, watched: () => state.watched(), close: () => state.close() };
}

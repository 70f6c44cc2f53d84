import type { ToolFailure } from "@org/openspec-core";
import type { Context, Hono } from "hono";
import { callTool } from "./call-tool.js";
import type { DashboardState } from "./dashboard-state.js";
import { html } from "./html.js";
import { archiveBody } from "./pages/archive-page.js";
import { failureBlock } from "./pages/failure-block.js";
import type { Page } from "./read-routes.js";
import { changeUrl } from "./urls.js";

/**
 * Every write is one catalog call, so the catalog's input checks, path rules
 * and atomic writes hold here exactly as for an agent. The request guard has
 * already checked the origin and the form's secret.
 */
export function registerWriteRoutes(app: Hono, state: DashboardState, page: Page): void {
  const field = async (c: Context, name: string): Promise<string> => {
    const form = await c.req.parseBody();
    const value = form[name];
    return typeof value === "string" ? value : "";
  };
  const wantsJson = (c: Context) => (c.req.header("accept") ?? "").includes("application/json");
  const failed = (c: Context, failure: ToolFailure, title: string) =>
    wantsJson(c)
      ? c.json(failure, 400)
      : page(
          c,
          { title, section: "none", refresh: false },
          html`<h1>${title}</h1>${failureBlock(failure)}`,
          400,
        );

  app.post("/s/:source/changes/:change/tasks", async (c) => {
    const source = c.req.param("source");
    const change = c.req.param("change");
    const id = await field(c, "id");
    const done = (await field(c, "done")) === "true";
    const result = await callTool(state.catalog, "openspec_task_set_status", {
      source,
      change,
      ids: [id],
      done,
    });
    if (!result.ok) return failed(c, result, "Could not update the task");
    if (wantsJson(c))
      return c.json({ ok: true, done: result.done, total: result.total, changed: result.changed });
    return c.redirect(changeUrl(source, change), 303);
  });

  app.get("/s/:source/changes/:change/archive", async (c) => {
    const source = c.req.param("source");
    const change = c.req.param("change");
    const result = await callTool(state.catalog, "openspec_change_archive", {
      source,
      change,
      dry_run: true,
    });
    return page(
      c,
      { title: `Archive ${change}`, section: "none", source, refresh: false },
      archiveBody({ source, change, result, csrf: state.csrf }),
    );
  });

  app.post("/s/:source/changes/:change/archive", async (c) => {
    const source = c.req.param("source");
    const change = c.req.param("change");
    const force = (await field(c, "force")) === "true";
    const result = await callTool(state.catalog, "openspec_change_archive", {
      source,
      change,
      ...(force ? { force } : {}),
    });
    return page(
      c,
      { title: `Archive ${change}`, section: "none", source, refresh: false },
      archiveBody({ source, change, result, csrf: state.csrf }),
      result.ok ? 200 : 400,
    );
  });

  app.post("/sources", async (c) => {
    const path = (await field(c, "path")).trim();
    const name = (await field(c, "name")).trim();
    const result = await callTool(state.catalog, "openspec_source_add", {
      path,
      ...(name ? { name } : {}),
    });
    if (!result.ok) return failed(c, result, "Could not register the folder");
    return c.redirect(`/sources?added=${encodeURIComponent(result.source.display_name)}`, 303);
  });

  app.post("/s/:source/rename", async (c) => {
    const source = c.req.param("source");
    const name = (await field(c, "name")).trim();
    const result = await callTool(state.catalog, "openspec_source_update", {
      source,
      name: name === "" ? null : name,
    });
    if (!result.ok) return failed(c, result, "Could not rename the source");
    return c.redirect(`/sources?renamed=${encodeURIComponent(result.source.display_name)}`, 303);
  });
}

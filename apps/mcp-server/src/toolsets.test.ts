import { spawnSync } from "node:child_process";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { defaultToolsetNames, toolCatalog, toolsets } from "@org/openspec-core";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { openMcpHost } from "./test-support/open-mcp-host.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

/** The catalog's tools of the named toolsets, in the catalog's order. */
const toolsOf = (...names: string[]): string[] => {
  const wanted = new Set(
    toolsets.filter((set) => names.includes(set.name)).flatMap((set) => set.tools),
  );
  return toolCatalog.filter((tool) => wanted.has(tool.name)).map((tool) => tool.name);
};

/** A stdio server with the real CLI, with `toolsets` in its environment (when given) and `args`. */
const openServer = (args: string[], toolsetsSetting?: string) => {
  const extra: Record<string, string> =
    toolsetsSetting === undefined ? {} : { OPENSPEC_AGENT_TOOLSETS: toolsetsSetting };
  const { env } = serverEnvironment({ cli: true, extra });
  // No setting at all: what a user gets who names no toolsets.
  if (toolsetsSetting === undefined) delete env.OPENSPEC_AGENT_TOOLSETS;
  return openMcpHost({ env, args });
};

describe("GIVEN the MCP server over stdio", () => {
  // With the default toolsets (no sources tools), resources/list answered [] for every registered source.
  // One server with the default holds every fact of it: a second would list the same tools again.
  it("WHEN no toolsets are named THEN tools/list offers the default toolsets only, a tool of another toolset is refused with how to get it, and resources and prompt completion still reach every registered source", async () => {
    const repo = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const { env } = serverEnvironment({ cli: true });
    const admin = await openMcpHost({ env, args: ["--toolsets", "sources"] });
    try {
      expect(await admin.call("openspec_source_add", { path: repo, name: "shop" })).toMatchObject({
        ok: true,
      });
    } finally {
      await admin.close();
    }
    delete env.OPENSPEC_AGENT_TOOLSETS;
    const host = await openMcpHost({ env, args: [] });
    try {
      expect(await host.listTools()).toEqual(toolsOf(...defaultToolsetNames));
      expect(await host.call("openspec_source_remove", { source: "nowhere" })).toMatchObject({
        ok: false,
        code: "tool_unavailable",
        error: expect.stringContaining('toolset "sources"'),
        fix: expect.stringContaining(`--toolsets ${defaultToolsetNames.join(",")},sources`),
      });
      expect(host.stderr()).toContain(`(toolsets ${defaultToolsetNames.join(", ")})`);
      const listed = await host.client.listResources();
      expect(listed.resources.map((resource) => resource.uri)).toContain(
        "openspec://shop/specs/auth",
      );
      const completed = await host.client.complete({
        ref: { type: "ref/prompt", name: "apply" },
        argument: { name: "source", value: "sh" },
      });
      expect(completed.completion.values).toContain("shop");
    } finally {
      await host.close();
    }
  });

  it("WHEN --toolsets names sources,lifecycle THEN only their tools are listed and they answer", async () => {
    const host = await openServer(["--toolsets", "sources,lifecycle"]);
    try {
      expect(await host.listTools()).toEqual(toolsOf("sources", "lifecycle"));
      expect(await host.call("openspec_source_remove", { source: "nowhere" })).toMatchObject({
        ok: false,
        code: "source_not_found",
      });
      expect(await host.call("openspec_context", { identifier: "x" })).toMatchObject({
        code: "tool_unavailable",
      });
    } finally {
      await host.close();
    }
  });

  it("WHEN OPENSPEC_AGENT_TOOLSETS is all THEN every tool is listed; --toolsets overrides it", async () => {
    const all = await openServer([], "all");
    try {
      expect(await all.listTools()).toEqual(toolCatalog.map((tool) => tool.name));
    } finally {
      await all.close();
    }
    const read = await openServer(["--toolsets=read"], "all");
    try {
      expect(await read.listTools()).toEqual(toolsOf("read"));
    } finally {
      await read.close();
    }
  });

  it("WHEN --read-only is given with all toolsets THEN only the tools that change nothing (and the passthrough, read-only) are listed, and a write is refused", async () => {
    const host = await openServer(["--read-only"], "all");
    try {
      expect(await host.listTools()).toEqual(
        toolCatalog
          .filter((tool) => tool.annotations.readOnlyHint || tool.servesReadOnly)
          .map((tool) => tool.name),
      );
      expect(
        await host.call("openspec_cli", { workdir: "/tmp", args: ["schema", "init", "x"] }),
      ).toMatchObject({ ok: false, code: "command_not_allowed", kind: "write" });
      expect(await host.call("openspec_source_add", { path: "/tmp" })).toMatchObject({
        ok: false,
        code: "tool_unavailable",
        fix: "Start the server without --read-only.",
      });
    } finally {
      await host.close();
    }
  });

  it("WHEN a toolset name is unknown (by flag or environment) THEN the server does not start and names the valid toolsets", () => {
    const { env } = serverEnvironment({ cli: false });
    for (const [args, setting] of [
      [["--toolsets", "read,reed"], "all"],
      [[], "writing"],
    ] as const) {
      const run = spawnSync(process.execPath, [PUBLISHED_BIN, ...args], {
        env: { ...env, OPENSPEC_AGENT_TOOLSETS: setting },
        input: "",
        encoding: "utf8",
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/There is no toolset named "(reed|writing)"/);
      expect(run.stderr).toContain(toolsets.map((toolset) => toolset.name).join(", "));
    }
  });

  it("WHEN --dynamic-toolsets is given THEN openspec_toolsets lists the toolsets, enabling one tells the client the list changed, and its tools become callable", async () => {
    const host = await openServer(["--dynamic-toolsets"]);
    try {
      expect(await host.listTools()).toEqual([
        ...toolsOf(...defaultToolsetNames),
        "openspec_toolsets",
      ]);
      const listing = await host.call("openspec_toolsets", {});
      expect(listing).toMatchObject({
        ok: true,
        toolsets: toolsets.map((toolset) =>
          expect.stringMatching(
            new RegExp(
              `^${toolset.name}${defaultToolsetNames.includes(toolset.name) ? " \\(enabled\\)" : ""}: `,
            ),
          ),
        ),
      });
      expect(await host.call("openspec_source_remove", { source: "nowhere" })).toMatchObject({
        code: "tool_unavailable",
        fix: expect.stringContaining('openspec_toolsets with enable "sources"'),
      });

      const changed = new Promise<void>((resolve) => {
        host.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
      });
      expect(await host.call("openspec_toolsets", { enable: "sources" })).toMatchObject({
        ok: true,
        enabled: "sources",
      });
      await changed;
      expect(await host.listTools()).toContain("openspec_source_remove");
      expect(await host.call("openspec_source_remove", { source: "nowhere" })).toMatchObject({
        ok: false,
        code: "source_not_found",
      });
      expect(await host.call("openspec_toolsets", { enable: "nope" })).toMatchObject({
        ok: false,
        code: "invalid_input",
      });
    } finally {
      await host.close();
    }
  });
});

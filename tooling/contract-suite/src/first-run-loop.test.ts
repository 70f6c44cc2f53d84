import {
  type HostOptions,
  type HostUnderTest,
  openCliHost,
  openHermesHost,
  openHttpHost,
  openMcpHost,
} from "@org/host-harness";
import { defaultToolNames } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { makeSandbox } from "./sandbox.js";
import { passkeysChange as CHANGE } from "./workflow-cases.js";

afterAll(removeTemporaryFolders);

// What a first-run user's agent does with a repository it was pointed at: no
// source registered, no toolsets chosen, the repository named by its path.

const hosts: Record<string, (options: HostOptions) => Promise<HostUnderTest>> = {
  "MCP over stdio": openMcpHost,
  "MCP over HTTP": openHttpHost,
  "Hermes's bridge": openHermesHost,
  // The shell has every command; it runs the same loop with no settings at all.
  "shell CLI": openCliHost,
};

describe("the first run: the default tools carry a change from proposal to archive", () => {
  it.each(Object.keys(hosts))(
    "GIVEN the %s started with no configuration and a fresh repository WHEN an agent proposes, validates, ticks and archives a change THEN every tool it needs is offered and every step succeeds",
    async (hostName) => {
      const sandbox = makeSandbox({ cli: true });
      const repo = sandbox.fresh;
      const open = hosts[hostName] as (options: HostOptions) => Promise<HostUnderTest>;
      const host = await open({ env: sandbox.env, cwd: sandbox.home, firstRun: true });
      const offered = await host.listTools();
      const called: string[] = [];
      const call = async (tool: string, args: Record<string, unknown>) => {
        called.push(tool);
        const answer = await host.call(tool, { workdir: repo, ...args });
        if (answer.kind !== "result") throw new Error(`${tool} refused: ${answer.detail}`);
        return answer.result as Record<string, unknown>;
      };
      try {
        if (host.name !== "cli") expect([...offered].sort()).toEqual([...defaultToolNames].sort());

        // No source is registered: every call names the repository by its path (openspec_context,
        // which reads registered sources only, is for the next run).
        expect(await call("openspec_list", { kind: "specs" })).toMatchObject({ ok: true });
        expect(await call("openspec_change_create", CHANGE)).toMatchObject({
          ok: true,
          warnings: [],
          validation: { valid: true },
        });
        const listed = await call("openspec_list", {});
        expect(listed).toMatchObject({ ok: true });
        expect(JSON.stringify(listed.stdout)).toContain(CHANGE.name);
        expect(await call("openspec_show", { target: CHANGE.name })).toMatchObject({ ok: true });
        expect(await call("openspec_validate", { target: CHANGE.name })).toMatchObject({
          ok: true,
        });
        const tasks = await call("openspec_task_list", { change: CHANGE.name });
        expect(tasks).toMatchObject({ ok: true, total: 2, done: 0 });
        expect(
          await call("openspec_task_set_status", { change: CHANGE.name, ids: "all", done: true }),
        ).toMatchObject({ ok: true, done: 2, total: 2 });
        expect(await call("openspec_change_archive", { change: CHANGE.name })).toMatchObject({
          ok: true,
          specs: [{ id: "passkeys", outcome: "created" }],
        });
        expect(await call("openspec_spec_show", { name: "passkeys" })).toMatchObject({ ok: true });

        // Only default tools were needed, and (in the tool hosts) only offered ones were called.
        for (const tool of called) expect(defaultToolNames, tool).toContain(tool);
        if (host.name !== "cli") for (const tool of called) expect(offered, tool).toContain(tool);
      } finally {
        await host.close();
      }
    },
    300_000,
  );
});

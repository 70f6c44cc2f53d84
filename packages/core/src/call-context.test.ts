import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import {
  DARK_MODE_CHANGE,
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { CatalogContext } from "./catalog-context.js";
import { createCatalog } from "./create-catalog.js";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import type { ToolProgress } from "./tool-call-context.js";
import { defineTool, readOnlyTool } from "./tool-definition.js";

afterEach(cleanUp);

/** A tool that hands back what its handler was given, to see the call's context arrive. */
function probeTool(seen: CatalogContext[]) {
  return defineTool({
    name: "probe",
    description: "Records its context.",
    inputSchema: () => z.object({}),
    outputSchema: () => z.object({ ok: z.literal(true) }),
    requiresCli: false,
    annotations: readOnlyTool("Probe"),
    presentation: { command: ["probe"], summary: "record the context", render: () => [] },
    async handler(_input, context) {
      seen.push(context);
      context.call.onProgress?.({ message: "probing" });
      return { ok: true as const };
    },
  });
}

/**
 * The longest an expected event (a fake CLI starting, a killed one ending) may take on a machine
 * at load 20: far above its usual milliseconds, far below the runner's 180 s, so a wait that runs
 * out fails with its own message.
 */
const EVENTUALLY_MS = 60_000;

/**
 * A shell line that writes the script's pid to `path` whole: written beside it, then renamed, so
 * a reader never sees the file empty or half written.
 */
function writePidLine(path: string): string {
  return `echo $$ > "${path}.partial" && mv "${path}.partial" "${path}"`;
}

/** The pid the fake CLI writes to `path` when it starts; fails, naming the file, after a minute. */
async function waitForPid(path: string): Promise<number> {
  const deadline = Date.now() + EVENTUALLY_MS;
  for (;;) {
    const text = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
    if (text !== "") return Number(text);
    if (Date.now() >= deadline) throw new Error(`no pid in ${path} within ${EVENTUALLY_MS} ms`);
    await delay(20);
  }
}

function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

/**
 * Whether `pid` ends within a minute. A cancelled caller hears back at once, and its run's process
 * group gets SIGTERM in the same step, but on a loaded machine the kernel may end the process
 * some time after the answer: the fake sleeps 300 s, so one still running after a minute was
 * left behind.
 */
async function endsEventually(pid: number): Promise<boolean> {
  const deadline = Date.now() + EVENTUALLY_MS;
  while (isRunning(pid) && Date.now() < deadline) await delay(20);
  return !isRunning(pid);
}

describe("a call's context: signal and progress", () => {
  it("GIVEN a signal and a progress listener WHEN a tool is called with them THEN its handler gets both and its reports reach the listener", async () => {
    const seen: CatalogContext[] = [];
    const catalog = createCatalog({ tools: [probeTool(seen)], env: {} });
    const controller = new AbortController();
    const heard: ToolProgress[] = [];

    const result = await catalog.call(
      "probe",
      {},
      { signal: controller.signal, onProgress: (progress) => heard.push(progress) },
    );
    catalog.close();

    expect(result).toEqual({ ok: true });
    expect(seen[0]?.call.signal).toBe(controller.signal);
    expect(heard).toEqual([{ message: "probing" }]);
  });

  it("GIVEN the two-argument call of every existing host WHEN a tool runs THEN its context has an empty call", async () => {
    const seen: CatalogContext[] = [];
    const catalog = createCatalog({ tools: [probeTool(seen)], env: {} });

    expect(await catalog.call("probe", {})).toEqual({ ok: true });
    catalog.close();

    expect(seen[0]?.call).toEqual({});
  });

  it("GIVEN a signal already aborted WHEN a tool is called THEN the handler never runs and the result is cancelled", async () => {
    const seen: CatalogContext[] = [];
    const catalog = createCatalog({ tools: [probeTool(seen)], env: {} });

    const result = await catalog.call("probe", {}, { signal: AbortSignal.abort() });
    catalog.close();

    expect(result).toMatchObject({ ok: false, code: "cancelled" });
    expect(seen).toEqual([]);
  });

  it("GIVEN a slow CLI WHEN openspec_validate runs with a progress listener THEN it hears the command start and still run", async () => {
    const bin = fakeOpenSpecBinary('sleep 2\necho \'{"items":[],"summary":{}}\'');
    // The fake writes its pid beside the repository: process mechanics, not confinement.
    const { catalog } = makeCatalog({
      cli: false,
      env: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const heard: ToolProgress[] = [];

    await catalog.call(
      "openspec_validate",
      { workdir: makeOpenSpecRepository(DARK_MODE_CHANGE) },
      { onProgress: (progress) => heard.push(progress) },
    );

    expect(heard[0]?.message).toBe("running openspec validate");
    expect(heard.slice(1).map((progress) => progress.message)).toContain(
      "still running openspec validate",
    );
  });

  it("GIVEN a slow CLI WHEN openspec_list is cancelled while it runs THEN the result is cancelled and the CLI's process is gone", async () => {
    const pidFile = join(temporaryFolder(), "pid");
    const bin = fakeOpenSpecBinary(`${writePidLine(pidFile)}\nexec sleep 300`);
    // The fake writes its pid beside the repository: process mechanics, not confinement.
    const { catalog } = makeCatalog({
      cli: false,
      env: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const controller = new AbortController();

    const pending = catalog.call(
      "openspec_list",
      { workdir: makeOpenSpecRepository() },
      { signal: controller.signal },
    );
    const pid = await waitForPid(pidFile);
    controller.abort();
    const result = await pending;

    expect(result).toMatchObject({ ok: false, code: "cancelled" });
    expect(await endsEventually(pid), `the cancelled CLI run (pid ${pid}) to end`).toBe(true);
  });

  it("GIVEN openspec_change_archive cancelled after its CLI started WHEN the archive runs THEN the CLI is not interrupted, so nothing is left half-written", async () => {
    const pidFile = join(temporaryFolder(), "pid");
    const marker = join(temporaryFolder(), "finished");
    const bin = fakeOpenSpecBinary(
      `${writePidLine(pidFile)}\nsleep 1\ntouch "${marker}"\necho '{}'`,
    );
    // The fake writes its pid beside the repository: process mechanics, not confinement.
    const { catalog } = makeCatalog({
      cli: false,
      env: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const controller = new AbortController();

    const pending = catalog.call(
      "openspec_change_archive",
      { workdir: makeOpenSpecRepository(DARK_MODE_CHANGE), change: "add-dark-mode", force: true },
      { signal: controller.signal },
    );
    await waitForPid(pidFile);
    controller.abort();
    await pending;

    expect(existsSync(marker)).toBe(true);
  });
});

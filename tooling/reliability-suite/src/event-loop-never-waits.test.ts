import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCatalog } from "@org/openspec-core";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFoldersInMemory,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { callInProcess, callsInProcess } from "./processes/call-in-process.js";
import {
  createToken,
  type HttpServerProcess,
  openRawSession,
  startHttpServerProcess,
} from "./processes/http-server-process.js";
import { isGone } from "./processes/process-state.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { withDeadline } from "./processes/with-deadline.js";
import { registerSource } from "./sandbox/register-source.js";

// Repository content used to hold the team server's event loop: a FIFO at a
// lock file froze it (no /healthz, no SIGTERM) until someone opened the FIFO,
// a change folder of many files held it for seconds per listing, and a FIFO
// configuration sent every listing to a CLI run that waited until its
// timeout. Each case checks the order of events: what another caller gets
// answered while the stalling call runs, or that the stalling call is refused.

const servers: HttpServerProcess[] = [];
// Set by the checks of 100,000 entries, which make their trees in memory where the machine can.
let leaveMemory: (() => void) | undefined;
afterEach(async () => {
  // A server whose event loop is held never sees SIGTERM's handler run: SIGKILL it then.
  await Promise.allSettled(
    servers
      .splice(0)
      .map((server) =>
        withDeadline(server.stop(), EVENTUALLY_MS, "the server's stop").catch(() =>
          server.child.kill("SIGKILL"),
        ),
      ),
  );
  removeTemporaryFolders();
  leaveMemory?.();
  leaveMemory = undefined;
});

const CHANGE = "openspec/changes/add-dark-mode";

async function stallSandbox() {
  const repo = makeOpenSpecRepository(
    { ...DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC },
    "shop",
  );
  const { home, env } = isolatedEnvironment({
    OPENSPEC_BIN: REAL_OPENSPEC_BIN,
    OPENSPEC_AGENT_TOOLSETS: "all",
  });
  await registerSource(env, repo, "shop");
  const catalog = createCatalog({ env });
  try {
    const idea = await catalog.call("openspec_idea_create", {
      source: "shop",
      title: "Night mode schedule",
      prompt: "Switch to dark at sunset.",
    });
    if (!idea.ok) throw new Error(`creating the idea failed: ${idea.error}`);
  } finally {
    catalog.close();
  }
  return { repo, home, env };
}

/** The team server of the sandbox, a read-write token that stalls and a read-only colleague. */
async function teamServer(sandbox: Awaited<ReturnType<typeof stallSandbox>>) {
  const writer = await createToken(sandbox.env, sandbox.home, "writer");
  const colleague = await createToken(sandbox.env, sandbox.home, "colleague", true);
  const server = await startHttpServerProcess(sandbox.env, sandbox.home);
  servers.push(server);
  return {
    server,
    writer: await openRawSession(server.url, writer),
    colleague: await openRawSession(server.url, colleague),
    health: server.url.replace(/\/mcp$/, "/healthz"),
  };
}

/** The three writers that take turns through a lock file, the lock's path, and the call that takes it. */
const LOCKS = [
  {
    lock: `${CHANGE}/.tasks.md.lock`,
    tool: "openspec_task_set_status",
    args: { source: "shop", change: "add-dark-mode", ids: ["1.2"], done: true },
  },
  {
    lock: "openspec/changes/.openspec-sequence.lock",
    tool: "openspec_change_sequence_set",
    args: { source: "shop", changes: ["add-dark-mode"] },
  },
  {
    lock: "openspec/ideas/.openspec-ideas.lock",
    tool: "openspec_idea_enrich",
    args: { source: "shop", idea: "night-mode-schedule", problem: "Bright screens at night." },
  },
] as const;

describe("a FIFO at a lock file", () => {
  // One server meets the three FIFOs in turn: each writer takes only its own lock.
  it("GIVEN FIFOs made just now at the three writers' lock files WHEN each writer is called over HTTP THEN each is refused at once with not_a_regular_file, and /healthz and a colleague's call answer after each", async () => {
    const sandbox = await stallSandbox();
    for (const { lock } of LOCKS) execFileSync("mkfifo", [join(sandbox.repo, lock)]);
    const { writer, colleague, health } = await teamServer(sandbox);
    for (const { lock, tool, args } of LOCKS) {
      const events: string[] = [];
      const answer = await withDeadline(
        writer.callTool(tool, args),
        EVENTUALLY_MS,
        `${tool} with a FIFO at ${lock}`,
      );
      events.push(`${tool} answered`);
      const healthz = await withDeadline(fetch(health), EVENTUALLY_MS, "/healthz");
      events.push(`/healthz ${healthz.status}`);
      const listed = await withDeadline(
        colleague.callTool("openspec_source_list", {}),
        EVENTUALLY_MS,
        "the colleague's openspec_source_list",
      );
      events.push(`colleague ${listed.ok}`);
      expect(answer, tool).toMatchObject({ ok: false, code: "not_a_regular_file" });
      expect(String(answer.error), tool).toContain("is a FIFO, not a lock file; remove it");
      expect(events).toEqual([`${tool} answered`, "/healthz 200", "colleague true"]);
    }
  });

  it("GIVEN the same FIFO locks WHEN each call goes through the library THEN each answers not_a_regular_file", async () => {
    const sandbox = await stallSandbox();
    for (const { lock } of LOCKS) execFileSync("mkfifo", [join(sandbox.repo, lock)]);
    const answers = callsInProcess(
      LOCKS.map(({ tool, args }) => [tool, args] as const),
      sandbox.env,
    );
    for (const [index, { tool }] of LOCKS.entries()) {
      expect(answers[index], tool).toMatchObject({ ok: false, code: "not_a_regular_file" });
    }
  });
});

describe("a FIFO where the CLI reads the configuration", () => {
  it("GIVEN openspec/config.yaml is a FIFO WHEN a read-only token lists changes over HTTP, and through the library THEN not_a_regular_file names the file, no CLI run waits on it", async () => {
    const sandbox = await stallSandbox();
    rmSync(join(sandbox.repo, "openspec/config.yaml"), { force: true });
    execFileSync("mkfifo", [join(sandbox.repo, "openspec/config.yaml")]);
    const { colleague } = await teamServer(sandbox);
    const expected = { ok: false, code: "not_a_regular_file", path: "openspec/config.yaml" };
    expect(
      await withDeadline(
        colleague.callTool("openspec_list", { source: "shop" }),
        EVENTUALLY_MS,
        "openspec_list with a FIFO config.yaml",
      ),
    ).toMatchObject(expected);
    expect(
      await withDeadline(
        colleague.callTool("openspec_status", { source: "shop", change: "add-dark-mode" }),
        EVENTUALLY_MS,
        "openspec_status with a FIFO config.yaml",
      ),
    ).toMatchObject(expected);
    expect(callInProcess("openspec_list", { source: "shop" }, sandbox.env)).toMatchObject(expected);
  });
});

/** Whether the process holds `folder` open (as `opendir` or `readdir` does while reading it). */
function holdsOpen(pid: number, folder: string): boolean {
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`) === folder) return true;
    } catch {
      // Closed meanwhile.
    }
  }
  return false;
}

describe("a change folder of 100,000 files", () => {
  it("GIVEN the server is reading the folder for openspec_list WHEN /healthz and a colleague's call are sent THEN both answer before the listing does", async () => {
    leaveMemory = temporaryFoldersInMemory();
    const sandbox = await stallSandbox();
    const big = join(sandbox.repo, CHANGE);
    for (let i = 0; i < 100_000; i++) writeFileSync(join(big, `note-${i}.txt`), "");
    const { server, writer, colleague, health } = await teamServer(sandbox);
    const pid = server.child.pid as number;
    const events: string[] = [];
    const listing = writer.callTool("openspec_list", { source: "shop" }).then((answer) => {
      events.push("listing answered");
      return answer;
    });
    const reading = await waitFor(() => holdsOpen(pid, big) || events.length > 0, EVENTUALLY_MS, 2);
    expect(reading && events.length === 0, "the server to start reading the change folder").toBe(
      true,
    );
    events.push("server reads the folder");
    await Promise.all([
      fetch(health).then((answer) => events.push(`/healthz ${answer.status}`)),
      colleague
        .callTool("openspec_source_list", {})
        .then((answer) => events.push(`colleague ${answer.ok}`)),
    ]);
    const answer = await withDeadline(listing, EVENTUALLY_MS, "openspec_list of 100,000 files");
    expect(answer).toMatchObject({ ok: true, engine: "native" });
    expect(events[0]).toBe("server reads the folder");
    expect(events.slice(1, 3).sort()).toEqual(["/healthz 200", "colleague true"]);
    expect(events[3]).toBe("listing answered");
  });
});

describe("a changes folder of 100,000 changes", () => {
  it("GIVEN the server is reading openspec/changes for a read-only token's first openspec_context WHEN /healthz and another token's call are sent THEN both answer before the overview does", async () => {
    leaveMemory = temporaryFoldersInMemory();
    const sandbox = await stallSandbox();
    const changes = join(sandbox.repo, "openspec/changes");
    for (let i = 0; i < 100_000; i++) mkdirSync(join(changes, `change-${i}`));
    const { server, writer, colleague, health } = await teamServer(sandbox);
    const pid = server.child.pid as number;
    const events: string[] = [];
    const overview = colleague
      .callTool("openspec_context", { identifier: "shop" })
      .then((answer) => {
        events.push("overview answered");
        return answer;
      });
    const reading = await waitFor(
      () => holdsOpen(pid, changes) || events.length > 0,
      EVENTUALLY_MS,
      2,
    );
    expect(reading && events.length === 0, "the server to start reading openspec/changes").toBe(
      true,
    );
    events.push("server reads the folder");
    await Promise.all([
      fetch(health).then((answer) => {
        events.push(`/healthz ${answer.status}`);
        // A server reading the folder in one call answers nothing until it has closed the folder.
        if (holdsOpen(pid, changes)) events.push("server still reads the folder");
      }),
      writer
        .callTool("openspec_source_list", {})
        .then((answer) => events.push(`other token ${answer.ok}`)),
    ]);
    const answer = await withDeadline(
      overview,
      EVENTUALLY_MS,
      "openspec_context of 100,000 changes",
    );
    expect(answer).toMatchObject({ ok: true, totals: { changes: 100_001 } });
    expect(events[0]).toBe("server reads the folder");
    const healthz = events.indexOf("/healthz 200");
    expect(events.slice(healthz, healthz + 2)).toEqual([
      "/healthz 200",
      "server still reads the folder",
    ]);
    expect(events).toContain("other token true");
    expect(events.at(-1)).toBe("overview answered");
  }, 300_000); // Making 100,000 folders alone takes minutes on a loaded disk, where there is no /dev/shm.
});

describe("SIGTERM with a call in flight", () => {
  it("GIVEN a FIFO tasks.md that the CLI's validate waits on, and FIFO locks WHEN the HTTP server gets SIGTERM while validate runs THEN it exits with code 0", async () => {
    const sandbox = await stallSandbox();
    for (const { lock } of LOCKS) execFileSync("mkfifo", [join(sandbox.repo, lock)]);
    rmSync(join(sandbox.repo, CHANGE, "tasks.md"));
    execFileSync("mkfifo", [join(sandbox.repo, CHANGE, "tasks.md")]);
    const { server, writer, health } = await teamServer(sandbox);
    const pid = server.child.pid as number;
    expect(
      await withDeadline(
        writer.callTool(LOCKS[0].tool, LOCKS[0].args),
        EVENTUALLY_MS,
        `${LOCKS[0].tool} with a FIFO lock`,
      ),
    ).toMatchObject({ code: "not_a_regular_file" });
    const events: string[] = [];
    const validating = writer
      .callTool("openspec_validate", { source: "shop", target: "add-dark-mode", type: "change" })
      .then(
        () => events.push("validate answered"),
        () => events.push("validate ended with the server"),
      );
    // A round trip after the call was sent: the server has taken the call by then.
    const healthz = await withDeadline(fetch(health), EVENTUALLY_MS, "/healthz");
    events.push(`/healthz ${healthz.status}`);
    const exited = new Promise<number | null>((done) => server.child.once("exit", done));
    events.push("SIGTERM");
    server.child.kill("SIGTERM");
    const code = await withDeadline(exited, EVENTUALLY_MS, "the server's exit on SIGTERM");
    events.push(`server exited ${code}`);
    expect(await waitFor(() => isGone(pid), EVENTUALLY_MS)).toBe(true);
    await validating;
    // The call was still running when SIGTERM came; its connection and the process end together.
    expect(events.slice(0, 2)).toEqual(["/healthz 200", "SIGTERM"]);
    expect(events.slice(2).sort()).toEqual(["server exited 0", "validate ended with the server"]);
  });
});

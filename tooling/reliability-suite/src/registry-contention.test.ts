import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import {
  type HostAnswer,
  type HostUnderTest,
  openCliHost,
  openLibraryHost,
  openMcpHost,
} from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { reliabilitySizes } from "./reliability-mode.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

const sizes = reliabilitySizes();
const WRITER = join(import.meta.dirname, "workers", "registry-writer.mjs");
// The shell CLI starts a process per call: one source (an add and a rename) shows it takes its turn.
const CLI_SOURCES = 1;

afterAll(removeTemporaryFolders);

type Writer = {
  ready: Promise<void>;
  start(): void;
  finished: Promise<{ code: number | null; output: string }>;
};

function startWriter(sandbox: Sandbox, index: number, count: number, root: string): Writer {
  const child = spawn(process.execPath, [WRITER, String(index), String(count), root], {
    env: sandbox.env,
    cwd: sandbox.home,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines: string[] = [];
  const ready = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      lines.push(line);
      if (line === "ready") resolve();
    });
  });
  return {
    ready,
    start: () => child.stdin.write("go\n"),
    finished: once(child, "exit").then(([code]) => ({
      code: code as number | null,
      output: lines.join("\n"),
    })),
  };
}

/** The shell CLI as a writer too: one process per call, as scripts run it. */
async function writeThroughShell(cli: HostUnderTest, root: string): Promise<unknown[]> {
  const failures: unknown[] = [];
  const expectOk = (answer: HostAnswer) => {
    if (answer.kind !== "result" || (answer.result as { ok?: unknown }).ok !== true)
      failures.push(answer);
  };
  for (let index = 0; index < CLI_SOURCES; index += 1) {
    expectOk(
      await cli.call("openspec_source_add", {
        path: `${root}/cli-${index}`,
        name: `cli-s${index}`,
      }),
    );
    expectOk(
      await cli.call("openspec_source_update", { source: `cli-s${index}`, name: `cli-r${index}` }),
    );
  }
  return failures;
}

/** Reads through another host while the writers run; every answer must be ok. */
async function readWhileWriting(
  reader: HostUnderTest,
  until: Promise<unknown>,
): Promise<{ reads: number; failures: unknown[] }> {
  let writing = true;
  void until.finally(() => {
    writing = false;
  });
  let reads = 0;
  const failures: unknown[] = [];
  while (writing) {
    for (const [tool, args] of [
      ["openspec_source_list", {}],
      ["openspec_context", { identifier: "shop" }],
    ] as const) {
      const answer = await reader.call(tool, args);
      reads += 1;
      if (answer.kind !== "result" || (answer.result as { ok?: unknown }).ok !== true)
        failures.push(answer);
    }
  }
  return { reads, failures };
}

describe("the registry under contention", () => {
  it(`GIVEN ${sizes.registryWriters} processes and the shell CLI writing one registry file at once while the MCP server reads it WHEN each adds, renames and removes sources THEN nothing is lost or duplicated and no caller sees a busy failure`, async () => {
    const sandbox = makeSandbox();
    await registerShop(sandbox);
    const root = join(sandbox.root, "sources");
    for (let writer = 0; writer < sizes.registryWriters; writer += 1) {
      for (let index = 0; index < sizes.sourcesPerWriter; index += 1) {
        mkdirSync(join(root, `w${writer}-${index}`), { recursive: true });
      }
    }
    for (let index = 0; index < CLI_SOURCES; index += 1)
      mkdirSync(join(root, `cli-${index}`), { recursive: true });

    const [reader, cli] = await Promise.all([
      openMcpHost({ env: sandbox.env, cwd: sandbox.home }),
      openCliHost({ env: sandbox.env, cwd: sandbox.home }),
    ]);
    const writers = Array.from({ length: sizes.registryWriters }, (_, index) =>
      startWriter(sandbox, index, sizes.sourcesPerWriter, root),
    );
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.start();
    const writing = Promise.all([
      Promise.all(writers.map((writer) => writer.finished)),
      writeThroughShell(cli, root),
    ]);
    const [[finished, shellFailures], reading] = await Promise.all([
      writing,
      readWhileWriting(reader, writing),
    ]);
    await reader.close();

    expect(finished.filter((run) => run.code !== 0)).toEqual([]);
    expect(shellFailures).toEqual([]);
    expect(reading.failures).toEqual([]);

    const library = await openLibraryHost({ env: sandbox.env, cwd: sandbox.home });
    const listed = await library.call("openspec_source_list", {});
    await library.close();
    const sources =
      listed.kind === "result"
        ? (listed.result as { sources: { name: string; path: string; token: string }[] }).sources
        : [];
    const expected = ["shop"];
    for (let writer = 0; writer < sizes.registryWriters; writer += 1) {
      for (let index = 0; index < sizes.sourcesPerWriter; index += 2)
        expected.push(`w${writer}-r${index}`);
    }
    for (let index = 0; index < CLI_SOURCES; index += 1) expected.push(`cli-r${index}`);
    expect(sources.map((source) => source.name).sort()).toEqual(expected.sort());
    expect(new Set(sources.map((source) => source.path)).size).toBe(sources.length);
    expect(new Set(sources.map((source) => source.token)).size).toBe(sources.length);
    const writes = sizes.registryWriters * sizes.sourcesPerWriter * 2.5 + CLI_SOURCES * 2;
    recordFigure(
      "registry contention",
      `${writes} writes from ${sizes.registryWriters + CLI_SOURCES * 2} processes, ${reading.reads} reads through MCP meanwhile, 0 busy`,
    );
  });
});

import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_BIN, runBin } from "./test-support/run-bin.js";
import { runInProcess } from "./test-support/run-in-process.js";

afterEach(() => removeTemporaryFolders());

describe("openspec-agent serve", () => {
  it("GIVEN a repository registered with the CLI WHEN serve starts THEN the dashboard lists it, and SIGTERM stops it", async () => {
    const { env, home } = isolatedEnvironment();
    const repo = makeOpenSpecRepository(
      {
        "openspec/changes/add-cart/proposal.md":
          "# Add cart\n\n## Why\n\nPeople buy several things.\n",
        "openspec/changes/add-cart/tasks.md": "- [x] 1.1 Store it\n- [ ] 1.2 Show it\n",
      },
      "shop",
    );
    expect(runBin(["sources", "add", repo, "--name", "shop"], { env, cwd: home }).status).toBe(0);

    const child = spawn(process.execPath, [CLI_BIN, "serve", "--port", "0"], { cwd: home, env });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /OpenSpec dashboard: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
      });
      const board = await (await fetch(`${url}s/shop`)).text();
      expect(board).toContain("add-cart");
      expect(board).toContain('<progress value="1" max="2"');
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    expect(child.exitCode === 0 || child.signalCode === "SIGTERM").toBe(true);
  });

  it("GIVEN an empty registry WHEN serve starts inside a repository's subfolder THEN its board shows the repository's changes, and nothing is registered", async () => {
    const { env } = isolatedEnvironment();
    const repo = makeOpenSpecRepository(
      {
        "openspec/changes/add-cart/proposal.md":
          "# Add cart\n\n## Why\n\nPeople buy several things.\n",
        "openspec/changes/add-cart/tasks.md": "- [x] 1.1 Store it\n- [ ] 1.2 Show it\n",
      },
      "shop",
    );
    const inside = join(repo, "docs");
    mkdirSync(inside);
    const child = spawn(process.execPath, [CLI_BIN, "serve", "--port", "0"], { cwd: inside, env });
    try {
      const url = await addressOf(child);
      const board = await (await fetch(url)).text();
      expect(board).toContain("add-cart");
      expect(board).toContain('<progress value="1" max="2"');
      expect(board).toContain("not registered");
      const sources = await (await fetch(`${url}sources`)).text();
      expect(sources).toContain(`<td class="path">${repo}</td>`);
    } finally {
      await stop(child);
    }
    const listed = runBin(["sources", "list", "--json"], { env, cwd: repo });
    expect(JSON.parse(listed.stdout)).toMatchObject({ ok: true, total: 0 });
  });

  it("GIVEN a port out of range THEN it is a usage error (exit 2)", () => {
    const { env, home } = isolatedEnvironment();
    const run = runBin(["serve", "--port", "99999"], { env, cwd: home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("0 to 65535");
  });
});

function addressOf(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /OpenSpec dashboard: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

describe("openspec-agent serve: where it listens, and when it cannot", () => {
  it("GIVEN a port another process holds WHEN serve starts on it THEN one error line with the fix, no stack trace, and exit 1", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const run = await runInProcess(["serve", "--port", String(port)], toolCatalog);
      expect(run.code).toBe(1);
      expect(run.stderr.split("\n")).toEqual([
        `error Cannot listen on 127.0.0.1:${port}: another process is listening on that port. (io_error)`,
        "fix   Pick another --port (0 picks a free one), or stop the process that holds this one.",
      ]);
      expect(run.stdout).toBe("");
    } finally {
      holder.close();
    }
  });

  it("GIVEN --host 0.0.0.0 WHEN serve starts THEN the address it prints is this machine's own, not 127.0.0.1, and the loopback one is named too", async () => {
    const { env, home } = isolatedEnvironment({ OPENSPEC_AGENT_TOKEN: "a-token-for-this-test" });
    const own = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .find((entry) => !entry.internal && entry.family === "IPv4");
    const child = spawn(process.execPath, [CLI_BIN, "serve", "--host", "0.0.0.0", "--port", "0"], {
      cwd: home,
      env,
    });
    try {
      const printed = await firstLines(child, 2);
      const expected = own ? own.address : "127.0.0.1";
      expect(printed[0]).toMatch(
        new RegExp(
          `^OpenSpec dashboard: http://${expected.replace(/\./g, "\\.")}:\\d+/\\?token=a-token-for-this-test$`,
        ),
      );
      if (own) expect(printed[1]).toMatch(/^Also at: http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    } finally {
      await stop(child);
    }
  });
});

/** The first `count` lines serve prints on stdout. */
function firstLines(child: ChildProcessWithoutNullStreams, count: number): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split("\n");
      if (lines.length > count) resolve(lines.slice(0, count));
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

import { type ChildProcess, spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ConfinedView, confineCommand, findConfinement } from "./index.js";

const support = findConfinement();
const node = realpathSync(process.execPath);
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh folder holding `root/` (the source, with one file) and `beside.txt` next to it. */
function makeHost() {
  const host = realpathSync(mkdtempSync(join(tmpdir(), "confine-")));
  folders.push(host);
  const root = join(host, "root");
  mkdirSync(root);
  writeFileSync(join(root, "inside.txt"), "inside\n");
  writeFileSync(join(host, "beside.txt"), "beside\n");
  return { host, root };
}

/** Starts `script` with Node inside `view`, detached like the runner's children. */
function startConfined(
  script: string,
  view: ConfinedView,
  extraStdio: "pipe"[] = [],
): ChildProcess {
  if (!support.ok) throw new Error(support.reason);
  const [file, ...args] = confineCommand(support, [node, "-e", script], {
    ...view,
    readOnly: [dirname(node), ...(view.readOnly ?? [])],
  });
  return spawn(file as string, args, {
    detached: true,
    env: {},
    stdio: ["ignore", "pipe", "pipe", ...extraStdio],
  });
}

/** Runs `script` confined; fails naming the script if it has not ended after 60 s. */
async function runConfined(script: string, view: ConfinedView) {
  const child = startConfined(script, view);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const status = await within(
    new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code))),
    `the confined script ${script} to end`,
  );
  return { status, stdout, stderr };
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Waited 60 s for ${what}.`)), 60_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const tryRead = (path: string) =>
  `try { process.stdout.write(require("fs").readFileSync(${JSON.stringify(path)}, "utf8")) } catch (e) { process.stdout.write(e.code) }`;

describe("findConfinement", () => {
  it("GIVEN this Linux host WHEN asked twice THEN it answers bubblewrap (or says why not) once, from its cache", () => {
    const again = findConfinement();
    expect(again).toBe(support);
    if (process.platform !== "linux") expect(support).toMatchObject({ ok: false });
    if (support.ok)
      expect(support).toMatchObject({
        kind: "bubblewrap",
        bwrap: expect.stringMatching(/\/bwrap$/),
      });
    else expect(support.reason).toMatch(/\.$/);
  });
});

describe("confineCommand", () => {
  it("GIVEN a view WHEN built THEN it is bwrap's argv: no network, no /proc, the root last among the binds, the program after --", () => {
    const argv = confineCommand(
      {
        ok: true,
        kind: "bubblewrap",
        bwrap: "/usr/bin/bwrap",
        system: ["--ro-bind", "/usr", "/usr"],
      },
      ["node", "x.js"],
      { root: "/repos/api", writable: false, readOnly: ["/opt/cli"], readWrite: ["/stores/s"] },
    );
    expect(argv.slice(0, 2)).toEqual(["/usr/bin/bwrap", "--unshare-all"]);
    expect(argv.slice(-3)).toEqual(["--", "node", "x.js"]);
    expect(argv).not.toContain("--proc");
    expect(argv).not.toContain("--share-net");
    const joined = argv.join(" ");
    expect(joined).toContain(
      "--ro-bind-try /opt/cli /opt/cli --ro-bind /repos/api /repos/api --bind-try /stores/s /stores/s",
    );
    expect(joined).toContain("--chdir /repos/api");
  });
});

describe.skipIf(!support.ok)("a confined program", () => {
  it("GIVEN a file beside the root WHEN the program reads it THEN it does not exist there, while the root's own file reads", async () => {
    const { host, root } = makeHost();
    const inside = await runConfined(tryRead(join(root, "inside.txt")), { root, writable: false });
    const beside = await runConfined(tryRead(join(host, "beside.txt")), { root, writable: false });
    expect(inside.stdout).toBe("inside\n");
    expect(beside.stdout).toBe("ENOENT");
  });

  it("GIVEN a read-only root WHEN the program writes into it THEN the write fails and nothing appears on the host", async () => {
    const { root } = makeHost();
    const write = `try { require("fs").writeFileSync("new.txt", "x"); process.stdout.write("written") } catch (e) { process.stdout.write(e.code) }`;
    const result = await runConfined(write, { root, writable: false });
    expect(result.stdout).toBe("EROFS");
    expect(() => readFileSync(join(root, "new.txt"))).toThrow(/ENOENT/);
  });

  it("GIVEN a writable root WHEN the program writes into it THEN the file is on the host", async () => {
    const { root } = makeHost();
    const result = await runConfined(`require("fs").writeFileSync("new.txt", "x")`, {
      root,
      writable: true,
    });
    expect(result.status).toBe(0);
    expect(readFileSync(join(root, "new.txt"), "utf8")).toBe("x");
  });

  it("GIVEN a root given as a symlink WHEN the program lists it THEN it sees the target's files at the path it was given, and nothing at the target's own path", async () => {
    const { host, root } = makeHost();
    const link = join(host, "link");
    symlinkSync(root, link);
    const result = await runConfined(
      `const fs = require("fs"); process.stdout.write(JSON.stringify([process.cwd(), fs.readdirSync("."), fs.existsSync(${JSON.stringify(root)})]))`,
      { root: link, writable: false },
    );
    expect(JSON.parse(result.stdout)).toEqual([link, ["inside.txt"], false]);
  });

  it("GIVEN the host's /proc, /etc and home WHEN the program looks THEN none is there and its HOME is a private empty folder", async () => {
    const { root } = makeHost();
    const look = `const fs = require("fs"); process.stdout.write(JSON.stringify([fs.existsSync("/proc/1"), fs.existsSync("/proc/self"), fs.existsSync("/etc/passwd"), fs.existsSync(${JSON.stringify(process.env.HOME ?? "/root")}), process.env.HOME, fs.readdirSync(process.env.HOME)]))`;
    const result = await runConfined(look, { root, writable: false });
    expect(JSON.parse(result.stdout)).toEqual([
      false,
      false,
      false,
      false,
      "/tmp/.confined-home",
      [],
    ]);
  });

  it("GIVEN a server listening on the host's loopback WHEN the program connects to it THEN the connection fails: there is no network", async () => {
    const { root } = makeHost();
    const server = createServer((socket) => socket.end("reached\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const connect = `const s = require("net").connect(${port}, "127.0.0.1"); s.on("data", (d) => process.stdout.write(String(d))); s.on("error", (e) => process.stdout.write(e.code))`;
      const result = await runConfined(connect, { root, writable: false });
      expect(result.stdout).not.toContain("reached");
      expect(result.stdout).toMatch(/^E[A-Z]+$/);
    } finally {
      server.close();
    }
  });

  it("GIVEN an inherited fd 3 WHEN the program writes to it THEN the starter reads it: a warm worker's control channel works confined", async () => {
    const { root } = makeHost();
    const child = startConfined(
      `require("fs").writeSync(3, "ready\\n")`,
      { root, writable: false },
      ["pipe"],
    );
    let said = "";
    child.stdio[3]?.on("data", (chunk) => {
      said += chunk;
    });
    await within(
      new Promise((resolve) => child.once("close", resolve)),
      "the confined program to close fd 3 and end",
    );
    expect(said).toBe("ready\n");
  });

  it("GIVEN a confined program with children that ignore SIGTERM WHEN its process group is killed from outside THEN every process inside ends", async () => {
    const { root } = makeHost();
    // The grandchildren hold stdout; it closes only once every one of them is gone.
    const script = `const { spawn } = require("child_process"); for (let i = 0; i < 2; i++) spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: ["ignore", "inherit", "inherit"] }); process.on("SIGTERM", () => {}); console.log("started"); setInterval(() => {}, 1000);`;
    const child = startConfined(script, { root, writable: false });
    await within(
      new Promise((resolve) => child.stdout?.once("data", resolve)),
      "the confined program to say it started its children",
    );
    const pid = child.pid as number;
    process.kill(-pid, "SIGTERM");
    process.kill(-pid, "SIGKILL");
    const ended = await within(
      new Promise((resolve) => child.once("close", (code, signal) => resolve({ code, signal }))),
      "every process inside the view to end and release stdout",
    );
    expect(ended).toEqual({ code: null, signal: "SIGTERM" });
  });
});

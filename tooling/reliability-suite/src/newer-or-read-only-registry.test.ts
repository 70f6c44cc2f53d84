import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CLI_BIN, type HostUnderTest } from "@org/host-harness";
import {
  isolatedEnvironment,
  NOBODY,
  removeTemporaryFolders,
  temporaryFolder,
  warnSkipped,
  whyNobodyCannotRun,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callsInProcess } from "./processes/call-in-process.js";
import { EVERY_HOST, resultOf } from "./sandbox/hosts.js";

const WORKERS = join(import.meta.dirname, "workers");
const hashOf = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

afterAll(() => removeTemporaryFolders());

function runWorker(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): string {
  const run = spawnSync(process.execPath, [join(WORKERS, script), ...args], {
    env,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`);
  return run.stdout;
}

// Only the newest migration's time was compared, so a file of a newer build was used with the wrong schema.
// One newer file is made (two worker processes) and each host gets a copy of its own: every call
// below is refused before it reads a row, so the copy's source folder need not be the host's.
let newerFile: string;
let known: number;
beforeAll(() => {
  const { env, home } = isolatedEnvironment();
  newerFile = String(env.OPENSPEC_AGENT_DB);
  const repo = join(home, "repo");
  mkdirSync(repo);
  runWorker("call-tool.mjs", ["openspec_source_add", JSON.stringify({ path: repo })], env);
  known = Number(runWorker("record-newer-migration.mjs", [newerFile], env).trim());
});

describe.each(EVERY_HOST)(
  "a registry migrated by a newer build, through the $host host",
  ({ open }) => {
    let host: HostUnderTest;
    let file: string;
    let before: string;

    beforeAll(async () => {
      const { env, home } = isolatedEnvironment();
      file = String(env.OPENSPEC_AGENT_DB);
      mkdirSync(join(home, "repo"));
      mkdirSync(dirname(file), { recursive: true });
      copyFileSync(newerFile, file);
      before = hashOf(file);
      host = await open({ env, cwd: home });
    });
    afterAll(async () => host?.close());

    it.each([
      ["openspec_source_list", {}],
      ["openspec_source_add", { path: "~/repo", name: "again" }],
      ["openspec_source_remove", { source: "repo" }],
      ["openspec_context", { identifier: "repo" }],
    ])(
      "GIVEN the file is one schema version ahead WHEN %s is called THEN it answers registry_too_new naming both versions, with a fix to upgrade, and the file stays byte-identical",
      async (tool, args) => {
        const result = resultOf(await host.call(tool, args));

        expect(result).toMatchObject({ ok: false, code: "registry_too_new" });
        expect(String(result.error)).toContain(
          `schema version ${known + 1}; this build knows up to version ${known}`,
        );
        expect(String(result.fix)).toMatch(/^Upgrade openspec-agent/);
        expect(hashOf(file)).toBe(before);
      },
    );
  },
);

// A registry the user could not write answered every call, reads included, with advice to repair a damaged file.
// Root may write anything, so the read-only checks run their host as the unprivileged user "nobody".
const nobodyCannotRun = whyNobodyCannotRun(join(WORKERS, "call-tool.mjs"));
warnSkipped("the read-only registry checks", nobodyCannotRun);

describe.skipIf(nobodyCannotRun)("a registry this user may only read", () => {
  let env: Record<string, string | undefined>;
  let file: string;
  let folder: string;
  let before: string;

  beforeAll(() => {
    const root = temporaryFolder();
    chmodSync(root, 0o755);
    const home = join(root, "home");
    folder = join(root, "registry");
    mkdirSync(home, { mode: 0o777 });
    mkdirSync(folder);
    mkdirSync(join(root, "repo"));
    mkdirSync(join(root, "web"));
    chmodSync(home, 0o777);
    file = join(folder, "registry.db");
    env = { ...isolatedEnvironment().env, HOME: home, OPENSPEC_AGENT_DB: file };
    runWorker(
      "call-tool.mjs",
      ["openspec_source_add", JSON.stringify({ path: join(root, "repo") })],
      env,
    );
    // A new registry file is private to its owner (0600); this is one its owner lets others read.
    chmodSync(file, 0o644);
    chmodSync(folder, 0o555);
    before = hashOf(file);
  });

  /** The calls, in order, through the library (one worker process) or the shell CLI (a process each), as the user nobody. */
  function callAsNobody(
    host: "library" | "cli",
    calls: ReadonlyArray<readonly [string, Record<string, unknown>]>,
  ): Record<string, unknown>[] {
    if (host === "library") return callsInProcess(calls, env, { uid: NOBODY, cwd: "/" });
    return calls.map(([tool, args]) => {
      const run = spawnSync(
        process.execPath,
        [CLI_BIN, "call", tool, "--args", JSON.stringify(args)],
        { env, cwd: "/", uid: NOBODY, gid: NOBODY, encoding: "utf8", timeout: 60_000 },
      );
      return JSON.parse(run.stdout) as Record<string, unknown>;
    });
  }

  it.each(["library", "cli"] as const)(
    "GIVEN a registry whose folder nobody may write WHEN nobody lists, resolves and adds through the %s THEN the reads answer and the add is registry_read_only with a fix, the file unchanged",
    (host) => {
      const [listed = {}, context = {}, added = {}] = callAsNobody(host, [
        ["openspec_source_list", {}],
        ["openspec_context", { identifier: "repo" }],
        ["openspec_source_add", { path: join(folder, "..", "web") }],
      ]);

      expect(listed).toMatchObject({ ok: true, total: 1 });
      expect(context).toMatchObject({ ok: true });
      expect(added).toMatchObject({ ok: false, code: "registry_read_only" });
      expect(String(added.error)).not.toMatch(/repair/);
      expect(String(added.fix)).toMatch(/writable/);
      expect(hashOf(file)).toBe(before);
    },
  );
});

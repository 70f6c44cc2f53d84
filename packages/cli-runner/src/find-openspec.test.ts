import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { findOpenSpec } from "./find-openspec.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { REAL_CLI } from "./test-support/real-cli.js";
import { type Sandbox, useSandbox } from "./test-support/sandbox.js";

describe("findOpenSpec", () => {
  const box = useSandbox("each");
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = box.current;
  });

  const executableIn = (dirName: string, name = "openspec") =>
    writeFakeBin(sandbox.makeDir(dirName), name, "exit 0");
  const npmGlobalBin = () => executableIn("home/.npm-global/bin");

  it("GIVEN OPENSPEC_BIN points to an executable WHEN finding THEN it wins by the OPENSPEC_BIN rule", async () => {
    const bin = executableIn("custom", "my-openspec");
    const found = await findOpenSpec({ env: { OPENSPEC_BIN: bin }, home: sandbox.home });
    expect(found).toEqual({ ok: true, path: bin, rule: "OPENSPEC_BIN", tried: [] });
  });

  it("GIVEN openspec only in a PATH directory WHEN finding THEN it is found by the PATH rule", async () => {
    const bin = executableIn("path-b");
    const found = await findOpenSpec({
      env: { PATH: `${sandbox.makeDir("path-a")}:${join(sandbox.root, "path-b")}` },
      home: sandbox.home,
    });
    expect(found).toMatchObject({ ok: true, path: bin, rule: "PATH" });
  });

  it("GIVEN openspec only in ~/.npm-global/bin WHEN finding THEN it is found by the npm-global rule", async () => {
    const bin = npmGlobalBin();
    const found = await findOpenSpec({ env: { PATH: "/nonexistent" }, home: sandbox.home });
    expect(found).toMatchObject({ ok: true, path: bin, rule: "npm-global" });
  });

  it("GIVEN all three rules have a CLI WHEN finding THEN OPENSPEC_BIN wins over PATH and PATH over npm-global", async () => {
    const fromBin = executableIn("custom");
    const fromPath = executableIn("on-path");
    npmGlobalBin();
    const env = { OPENSPEC_BIN: fromBin, PATH: join(sandbox.root, "on-path") };

    const all = await findOpenSpec({ env, home: sandbox.home });
    const withoutBin = await findOpenSpec({ env: { PATH: env.PATH }, home: sandbox.home });

    expect(all).toMatchObject({ ok: true, path: fromBin, rule: "OPENSPEC_BIN" });
    expect(withoutBin).toMatchObject({ ok: true, path: fromPath, rule: "PATH" });
  });

  it("GIVEN two PATH directories with openspec WHEN finding THEN the earlier directory wins", async () => {
    const first = executableIn("first");
    executableIn("second");
    const found = await findOpenSpec({
      env: { PATH: `${join(sandbox.root, "first")}:${join(sandbox.root, "second")}` },
      home: sandbox.home,
    });
    expect(found).toMatchObject({ ok: true, path: first });
  });

  it("GIVEN OPENSPEC_BIN points to a non-executable file and PATH has a CLI WHEN finding THEN PATH wins and the broken OPENSPEC_BIN is reported", async () => {
    const plain = join(sandbox.makeDir("custom"), "openspec");
    writeFileSync(plain, "#!/bin/sh\n", { mode: 0o644 });
    const fromPath = executableIn("on-path");
    const found = await findOpenSpec({
      env: { OPENSPEC_BIN: plain, PATH: join(sandbox.root, "on-path") },
      home: sandbox.home,
    });
    expect(found).toEqual({
      ok: true,
      path: fromPath,
      rule: "PATH",
      tried: [
        {
          rule: "OPENSPEC_BIN",
          path: plain,
          reason: `OPENSPEC_BIN points to ${plain}, which is not executable`,
        },
      ],
    });
  });

  it("GIVEN only a non-executable openspec on PATH WHEN finding THEN nothing is found and the reason names the file", async () => {
    const plain = join(sandbox.makeDir("on-path"), "openspec");
    writeFileSync(plain, "#!/bin/sh\n", { mode: 0o644 });
    const found = await findOpenSpec({
      env: { PATH: join(sandbox.root, "on-path") },
      home: sandbox.home,
      bundled: null,
    });
    expect(found.ok).toBe(false);
    expect(found.tried).toContainEqual({
      rule: "PATH",
      path: plain,
      reason: `${plain} (PATH) is not executable`,
    });
  });

  it("GIVEN a directory named openspec on PATH WHEN finding THEN it is skipped and the npm-global CLI wins", async () => {
    const directory = sandbox.makeDir("on-path/openspec");
    const fromNpm = npmGlobalBin();
    const found = await findOpenSpec({
      env: { PATH: join(sandbox.root, "on-path") },
      home: sandbox.home,
    });
    expect(found).toMatchObject({
      ok: true,
      path: fromNpm,
      rule: "npm-global",
      tried: expect.arrayContaining([
        { rule: "PATH", path: directory, reason: `${directory} (PATH) is a directory` },
      ]),
    });
  });

  it("GIVEN PATH holds a symlink to an executable WHEN finding THEN the link is followed and counts", async () => {
    const target = executableIn("real", "openspec-1.13");
    const link = join(sandbox.makeDir("on-path"), "openspec");
    symlinkSync(target, link);
    const found = await findOpenSpec({
      env: { PATH: join(sandbox.root, "on-path") },
      home: sandbox.home,
    });
    expect(found).toMatchObject({ ok: true, path: link, rule: "PATH" });
  });

  it("GIVEN a relative OPENSPEC_BIN and no other CLI WHEN finding THEN the failure says it must be absolute", async () => {
    const found = await findOpenSpec({
      env: { OPENSPEC_BIN: "bin/openspec" },
      home: sandbox.home,
      bundled: null,
    });
    expect(found).toMatchObject({
      ok: false,
      error: expect.stringContaining("OPENSPEC_BIN is the relative path bin/openspec"),
    });
  });

  it("GIVEN no rule finds a CLI WHEN finding THEN fails with openspec_not_found, an install fix and every attempt", async () => {
    mkdirSync(join(sandbox.home, ".npm-global"), { recursive: true });
    const emptyDir = sandbox.makeDir("empty");
    const found = await findOpenSpec({
      env: { PATH: emptyDir, OPENSPEC_AGENT_BUNDLED_CLI: "0" },
      home: sandbox.home,
    });
    expect(found).toEqual({
      ok: false,
      code: "openspec_not_found",
      error:
        "No executable openspec CLI was found via OPENSPEC_BIN, PATH, ~/.npm-global/bin or the bundled package.",
      fix: expect.stringContaining("npm install -g @fission-ai/openspec"),
      tried: [
        { rule: "OPENSPEC_BIN", path: null, reason: "OPENSPEC_BIN is not set" },
        {
          rule: "PATH",
          path: join(emptyDir, "openspec"),
          reason: `${join(emptyDir, "openspec")} (PATH) does not exist`,
        },
        {
          rule: "npm-global",
          path: join(sandbox.home, ".npm-global/bin/openspec"),
          reason: `${join(sandbox.home, ".npm-global/bin/openspec")} (npm-global) does not exist`,
        },
        {
          rule: "bundled",
          path: null,
          reason: "OPENSPEC_AGENT_BUNDLED_CLI=0 turns the bundled CLI off",
        },
      ],
    });
  });

  it("GIVEN OPENSPEC_BIN points to a missing file and nothing else is found WHEN finding THEN the error leads with that reason", async () => {
    const missing = join(sandbox.root, "gone", "openspec");
    const found = await findOpenSpec({
      env: { OPENSPEC_BIN: missing },
      home: sandbox.home,
      bundled: null,
    });
    expect(found).toMatchObject({
      ok: false,
      error: `No executable openspec CLI was found via OPENSPEC_BIN, PATH, ~/.npm-global/bin or the bundled package; OPENSPEC_BIN points to ${missing}, which does not exist.`,
    });
  });

  it("GIVEN no OPENSPEC_BIN, an empty PATH and no npm-global CLI WHEN finding THEN the installed @fission-ai/openspec answers by the bundled rule, run with this Node", async () => {
    const found = await findOpenSpec({ env: { PATH: "" }, home: sandbox.home });
    expect(found).toMatchObject({
      ok: true,
      path: REAL_CLI,
      rule: "bundled",
      node: process.execPath,
    });
    expect(found.ok && found.tried.map((attempt) => attempt.rule)).toEqual([
      "OPENSPEC_BIN",
      "PATH",
      "npm-global",
    ]);
  });

  it("GIVEN a CLI in ~/.npm-global/bin and the bundled package WHEN finding THEN the npm-global CLI still wins, the bundled rule is last", async () => {
    const fromNpm = npmGlobalBin();
    const found = await findOpenSpec({ env: { PATH: "" }, home: sandbox.home });
    expect(found).toMatchObject({ ok: true, path: fromNpm, rule: "npm-global" });
    expect(found.ok && found.node).toBeUndefined();
  });

  it("GIVEN a bundled script that is missing WHEN finding THEN nothing is found and the reason names it", async () => {
    const missing = join(sandbox.root, "gone", "openspec.js");
    const found = await findOpenSpec({ env: { PATH: "" }, home: sandbox.home, bundled: missing });
    expect(found.ok).toBe(false);
    expect(found.tried).toContainEqual({
      rule: "bundled",
      path: missing,
      reason: `${missing} (bundled) does not exist`,
    });
  });
});

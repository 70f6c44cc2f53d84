import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

describe("JSON from stdin once the catalog is loaded", () => {
  it("GIVEN a megabyte of JSON on a pipe WHEN `call --args -` reads it THEN the tool answers, instead of the read failing with EAGAIN", () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository();
    const input = JSON.stringify({ workdir: root, change: "a".repeat(1_000_000) });
    const called = runBin(["call", "openspec_spec_list", "--args", "-"], { env, cwd: root, input });
    expect(called.stderr).not.toContain("cannot be read");
    expect(called.status).toBe(1);
    expect(JSON.parse(called.stdout)).toMatchObject({ ok: false, code: "invalid_input" });
  });
});

import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunResult } from "@org/openspec-cli-runner";
import { temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CliQuestion,
  createSharedCliRuns,
  DEFAULT_SHARED_BYTES,
  DEFAULT_SHARED_ENTRIES,
} from "./create-shared-cli-runs.js";
import { MAX_FINGERPRINT_ENTRIES } from "./fingerprint-folders.js";
import { cleanUp } from "./test-support/fixture.js";

afterEach(cleanUp);

/** A finished run that printed `text`, standing in for the CLI. */
function printed(text: string): RunResult {
  return {
    ok: true,
    command: ["openspec", "list"],
    workdir: "/repo",
    exit_code: 0,
    signal: null,
    stdout: text,
    stderr: "",
    truncated: false,
    duration_ms: 1,
    diagnostics: [],
  };
}

async function unchangedRepository(): Promise<string> {
  const root = temporaryFolder("bounds-");
  mkdirSync(join(root, "openspec"));
  await sleep(100); // Past the folder's timestamp tick: its stats can be trusted.
  return join(root, "openspec");
}

describe("createSharedCliRuns: memory stays bounded", () => {
  it("GIVEN room for two answers WHEN three questions are answered THEN the least recently used answer is dropped and asked again", async () => {
    const folder = await unchangedRepository();
    const shared = createSharedCliRuns({ maxEntries: 2 });
    const question = (key: string): CliQuestion => ({
      key,
      folder,
      others: [],
      command: ["openspec", key],
      workdir: "/repo",
    });
    const runs: string[] = [];
    const ask = (key: string) =>
      shared.ask(question(key), {}, async () => {
        runs.push(key);
        return printed(key);
      });

    await ask("a");
    await ask("b");
    expect(await ask("a")).toMatchObject({ cached: true, stdout: "a" });
    await ask("c");
    expect(await ask("a")).toMatchObject({ cached: true });
    expect(await ask("b")).not.toHaveProperty("cached");

    expect(runs).toEqual(["a", "b", "c", "b"]);
    expect(shared.stats().entries).toBe(2);
  });

  it("GIVEN a byte bound WHEN answers outgrow it THEN the oldest go, and an answer larger than the bound is never kept", async () => {
    const folder = await unchangedRepository();
    const shared = createSharedCliRuns({ maxBytes: 10 });
    const ask = (key: string, text: string) =>
      shared.ask(
        { key, folder, others: [], command: ["openspec", key], workdir: "/repo" },
        {},
        async () => printed(text),
      );

    await ask("a", "12345");
    await ask("b", "12345");
    expect(shared.stats()).toMatchObject({ entries: 2, bytes: 10 });
    await ask("c", "123");
    expect(shared.stats()).toMatchObject({ entries: 2, bytes: 8 });
    await ask("d", "12345678901");
    expect(shared.stats()).toMatchObject({ entries: 2, bytes: 8 });
    expect(await ask("d", "12345678901")).not.toHaveProperty("cached");
  });

  it("GIVEN the README WHEN it states the bounds THEN they are the ones the code uses", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const mib = DEFAULT_SHARED_BYTES / 1024 / 1024;
    expect(readme).toContain(
      `At most ${DEFAULT_SHARED_ENTRIES} answers and ${mib} MiB of their stdout and stderr text`,
    );
    expect(readme).toContain(`or past ${MAX_FINGERPRINT_ENTRIES.toLocaleString("en-US")} paths`);
  });
});

import { execFileSync } from "node:child_process";
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  turnsDuring,
} from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { openRepository } from "../open-repository.js";
import { listLikeCli } from "./list-like-cli.js";
import { byteOrder } from "./read-folder-entries.js";
import { statusLikeCli } from "./status-like-cli.js";

afterAll(removeTemporaryFolders);

const { env } = isolatedEnvironment();
const FILES = 20_000;

function opened(root: string) {
  const repository = openRepository(root, { searchUpward: false });
  if (!repository.ok) throw new Error(repository.error);
  return repository.repository;
}

describe("native listing and status of a change folder of many files", () => {
  const root = makeOpenSpecRepository({
    "openspec/changes/big/proposal.md": "## Why\nBig.\n\n## What Changes\n- Many files\n",
    "openspec/changes/big/tasks.md": "## 1. Work\n- [x] 1.1 Done\n- [ ] 1.2 Open\n",
    "openspec/changes/small/proposal.md": "## Why\nSmall.\n",
  });
  for (let i = 0; i < FILES; i++)
    writeFileSync(join(root, "openspec/changes/big", `n-${i}.txt`), "");

  it("GIVEN one change folder of 20,000 files WHEN the changes are listed THEN the event loop turns again and again while the folder is read, and the listing counts its tasks", async () => {
    const { value, turns } = await turnsDuring(() =>
      listLikeCli(opened(root), { kind: "changes", sort: "name", env }),
    );
    expect(value).toMatchObject({
      changes: [
        { name: "big", completedTasks: 1, totalTasks: 2, status: "in-progress" },
        { name: "small", totalTasks: 0 },
      ],
    });
    // Every 256 entries at least: a listing that yields only between changes turns twice here.
    expect(turns).toBeGreaterThan(FILES / 256 / 2);
  });

  it("GIVEN the same folder WHEN the status of the big change is read THEN the reader stops at its budget and leaves it to the CLI, with the event loop turning meanwhile", async () => {
    const { value, turns } = await turnsDuring(() =>
      statusLikeCli(opened(root), { change: "big", env }),
    );
    expect(value).toEqual({ needsCli: "the changes hold too many files to read here" });
    expect(turns).toBeGreaterThan(2);
  });
});

describe("a FIFO where the CLI would read a file", () => {
  it("GIVEN openspec/config.yaml is a FIFO WHEN the changes or specs are listed THEN the reader refuses it at once with not_a_regular_file, naming the file, instead of leaving it to the CLI", async () => {
    const root = makeOpenSpecRepository({ "openspec/changes/a/proposal.md": "# a\n" });
    rmSync(join(root, "openspec/config.yaml"));
    execFileSync("mkfifo", [join(root, "openspec/config.yaml")]);
    const refusal = {
      code: "not_a_regular_file",
      path: "openspec/config.yaml",
      error:
        "openspec/config.yaml is a FIFO, not a regular file, so the OpenSpec CLI would wait on it.",
      fix: "Replace openspec/config.yaml with a regular file, or remove it.",
    };
    for (const kind of ["changes", "specs"] as const) {
      expect(await listLikeCli(opened(root), { kind, env })).toMatchObject({ refusal });
    }
    expect(await statusLikeCli(opened(root), { change: "a", env })).toMatchObject({ refusal });
  });

  it("GIVEN a change's .openspec.yaml is a FIFO WHEN listed or its status read THEN the same refusal names that file", async () => {
    const root = makeOpenSpecRepository({ "openspec/changes/a/proposal.md": "# a\n" });
    execFileSync("mkfifo", [join(root, "openspec/changes/a/.openspec.yaml")]);
    const path = "openspec/changes/a/.openspec.yaml";
    expect(await listLikeCli(opened(root), { kind: "changes", env })).toMatchObject({
      refusal: { code: "not_a_regular_file", path },
    });
    expect(await statusLikeCli(opened(root), { change: "a", env })).toMatchObject({
      refusal: { code: "not_a_regular_file", path },
    });
  });

  it("GIVEN openspec/config.yaml is a symlink to a FIFO in the repository WHEN listed THEN it is refused as the FIFO it leads to", async () => {
    const root = makeOpenSpecRepository({ "openspec/changes/a/proposal.md": "# a\n" });
    rmSync(join(root, "openspec/config.yaml"));
    execFileSync("mkfifo", [join(root, "pipe")]);
    symlinkSync("../pipe", join(root, "openspec/config.yaml"));
    expect(await listLikeCli(opened(root), { kind: "changes", env })).toMatchObject({
      refusal: { code: "not_a_regular_file", path: "openspec/config.yaml" },
    });
  });
});

describe("byteOrder", () => {
  it("GIVEN names with characters beyond U+FFFF and in U+E000–U+FFFF WHEN sorted THEN they come in the order readdirSync gives", () => {
    const names = ["\u{1F600}a", "\uFF21b", "Zc", "ad", "\uE000e", "10", "2"];
    const folder = makeOpenSpecRepository({});
    for (const name of names) writeFileSync(join(folder, name), "");
    const expected = execFileSync(
      process.execPath,
      [
        "-e",
        `console.log(JSON.stringify(require("fs").readdirSync(${JSON.stringify(folder)}).filter((n) => n !== "openspec")))`,
      ],
      { encoding: "utf8" },
    );
    expect([...names].sort(byteOrder)).toEqual(JSON.parse(expected));
  });
});

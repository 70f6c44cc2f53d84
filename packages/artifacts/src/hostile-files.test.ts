import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { callBuilt, callsBuilt } from "./test-support/call-built.js";
import { makeRepository } from "./test-support/temp-repository.js";

// Every read goes through the built package in a child process: a read that
// blocks on a FIFO would otherwise hang the test runner instead of failing.

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  removeTemporaryFolders();
});

const CHANGE = "openspec/changes/add-dark-mode";

function fifoRepository() {
  const made = makeRepository({
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    [`${CHANGE}/specs/ui/spec.md`]: "## ADDED Requirements\n",
  });
  for (const file of ["proposal.md", "design.md", "tasks.md"]) {
    execFileSync("mkfifo", [join(made.root, CHANGE, file)]);
  }
  mkdirSync(join(made.root, "openspec/specs/piped"));
  execFileSync("mkfifo", [join(made.root, "openspec/specs/pipe.fifo")]);
  symlinkSync("../pipe.fifo", join(made.root, "openspec/specs/piped/spec.md"));
  return made;
}

describe("files that are not regular files", () => {
  it("GIVEN proposal.md, design.md and tasks.md are FIFOs WHEN the change is read THEN it answers at once, each null with not_a_regular_file", () => {
    const { root } = fifoRepository();
    const answer = callBuilt("context", root, { reference: "add-dark-mode" });
    expect(answer).toMatchObject({
      ok: true,
      change: { proposal: null, design: null, tasks: null, task_progress: null },
    });
    const warnings = (answer.change as { warnings: { code: string; path: string }[] }).warnings;
    expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["not_a_regular_file", `${CHANGE}/proposal.md`],
      ["not_a_regular_file", `${CHANGE}/tasks.md`],
      ["not_a_regular_file", `${CHANGE}/design.md`],
    ]);
  });

  it("GIVEN spec.md is a symlink to a FIFO WHEN showing it and reading it as context THEN not_a_regular_file with the path, and the listing marks it", () => {
    const { root } = fifoRepository();
    const expected = {
      ok: false,
      code: "not_a_regular_file",
      path: "openspec/specs/piped/spec.md",
    };
    const [shown, asContext, listed, described] = callsBuilt(root, [
      ["showSpec", { name: "piped" }],
      ["context", { reference: "piped" }],
      ["listSpecs", {}],
      ["context", {}],
    ]);
    expect(shown).toMatchObject(expected);
    expect(asContext).toMatchObject(expected);
    expect(listed).toMatchObject({
      specs: ["auth"],
      warnings: [{ code: "not_a_regular_file", path: "openspec/specs/piped/spec.md" }],
    });
    expect(described).toMatchObject({ ok: true, changes: [{ tasks: null }] });
  });

  it("GIVEN spec.md is a UNIX socket or a character device WHEN showing it THEN not_a_regular_file, nothing is opened for reading", async () => {
    const { root } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    mkdirSync(join(root, "openspec/specs/socket"));
    const server = createServer();
    servers.push(server);
    await new Promise<void>((listening) =>
      server.listen(join(root, "openspec/specs/socket/spec.md"), listening),
    );
    // Only root may make a device node; the zero device, read, would never end.
    const names = process.getuid?.() === 0 ? ["socket", "device"] : ["socket"];
    if (names.includes("device")) {
      mkdirSync(join(root, "openspec/specs/device"));
      execFileSync("mknod", [join(root, "openspec/specs/device/spec.md"), "c", "1", "5"]);
    }
    const shown = callsBuilt(
      root,
      names.map((name) => ["showSpec", { name }] as const),
    );
    for (const [index, name] of names.entries()) {
      expect(shown[index], name).toMatchObject({
        ok: false,
        code: "not_a_regular_file",
        path: `openspec/specs/${name}/spec.md`,
      });
    }
    rmSync(join(root, "openspec/specs/device"), { recursive: true, force: true });
  });
});

describe("branching symlink loops", () => {
  it.each([2, 3])(
    "GIVEN %i links to . in openspec/specs WHEN listing and describing THEN each real folder is walked once and each loop reported once",
    (links) => {
      const { root } = makeRepository({
        "openspec/specs/auth/spec.md": AUTH_SPEC,
        "openspec/specs/platform/session/spec.md": AUTH_SPEC,
      });
      const names = ["l1", "l2", "l3"].slice(0, links);
      for (const name of names) symlinkSync(".", join(root, "openspec/specs", name));
      symlinkSync("..", join(root, "openspec/specs/platform/up"));
      const loops = [
        ...names.map((name) => `openspec/specs/${name}`),
        "openspec/specs/platform/up",
      ];
      const [listed = {}, described = {}] = callsBuilt(root, [
        ["listSpecs", {}],
        ["context", {}],
      ]);
      expect(listed.specs).toEqual(["auth", "platform/session"]);
      expect(listed.warnings).toEqual(
        loops.map((path) => ({ code: "symlink_loop", path, message: expect.any(String) })),
      );
      expect(described.specs).toHaveLength(2);
      expect(described.warnings).toHaveLength(loops.length);
      expect(JSON.stringify(described).length).toBeLessThan(4000);
    },
  );

  it("GIVEN a change's specs folder with two links to . WHEN reading the change THEN its one delta spec is there once, with the loops as warnings", () => {
    const { root } = makeRepository({
      [`${CHANGE}/proposal.md`]: "# P\n",
      [`${CHANGE}/specs/ui/spec.md`]: "## ADDED Requirements\n",
    });
    for (const name of ["l1", "l2"]) symlinkSync(".", join(root, CHANGE, "specs", name));
    const answer = callBuilt("context", root, { reference: "add-dark-mode" });
    expect(answer).toMatchObject({
      change: {
        specs: [{ path: "specs/ui/spec.md" }],
        warnings: [
          { code: "symlink_loop", path: `${CHANGE}/specs/l1` },
          { code: "symlink_loop", path: `${CHANGE}/specs/l2` },
        ],
      },
    });
  });

  it("GIVEN a link to a sibling spec folder WHEN listing THEN the real folder is listed under its own name and the link is reported, not walked again", () => {
    const { root } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    symlinkSync("auth", join(root, "openspec/specs/a-alias"));
    expect(callBuilt("listSpecs", root)).toMatchObject({
      specs: ["auth"],
      warnings: [{ code: "symlink_duplicate", path: "openspec/specs/a-alias" }],
    });
  });

  it("GIVEN a link to a spec folder outside openspec/specs but inside the repository WHEN listing THEN it is still a spec", () => {
    const { root } = makeRepository({ "docs/shared/spec.md": AUTH_SPEC });
    symlinkSync("../../docs/shared", join(root, "openspec/specs/shared"));
    expect(callBuilt("listSpecs", root)).toEqual({ ok: true, change: null, specs: ["shared"] });
  });
});

import { existsSync, mkdirSync, readdirSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { RUN_MODES } from "../test-support/run-modes.js";
import { OUTSIDE_SECRET, repositoryWithSpecLinkedOut } from "../test-support/spec-linked-out.js";

afterEach(cleanUp);

describe("openspec_cli: the CLI's own commands, from an allowlist, inside the repository", () => {
  it("GIVEN a registered source WHEN a command that reads is run as an argument array THEN the CLI's native JSON comes back, --json added", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    await catalog.call("openspec_source_add", { path: root, name: "shop" });
    const result = await catalog.call("openspec_cli", {
      source: "shop",
      args: ["list", "--specs"],
    });
    expect(result).toMatchObject({
      ok: true,
      kind: "read",
      stdout: { specs: [{ id: "auth", requirementCount: 1 }] },
    });
    expect(result.ok && (result.command as string[]).slice(-3)).toEqual([
      "list",
      "--specs",
      "--json",
    ]);
  });

  it("GIVEN a call written for the earlier Hermes plugin (command string, json_output) WHEN run THEN it works as the argument array would", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const result = await catalog.call("openspec_cli", {
      workdir: root,
      command: "show auth --type 'spec'",
      json_output: true,
    });
    expect(result).toMatchObject({ ok: true, stdout: { id: "auth", requirementCount: 1 } });
    expect(
      await catalog.call("openspec_cli", { workdir: root, command: "show 'auth" }),
    ).toMatchObject({ ok: false, code: "invalid_input", error: expect.stringContaining("quote") });
  });

  it("GIVEN interactive, outside-reaching and unknown commands WHEN asked for THEN each is refused with a fix, before the CLI runs", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const outside = join(temporaryFolder("outside-"), "set.code-workspace");
    const cases = [
      [["view"], "command_not_allowed", /openspec_context/],
      [["config", "edit"], "command_not_allowed", /terminal/],
      [
        ["config", "--scope", "global", "set", "telemetry.enabled", "true"],
        "command_not_allowed",
        /terminal/,
      ],
      [["store", "remove", "team"], "command_not_allowed", /terminal/],
      [["feedback", "hello"], "command_not_allowed", /terminal/],
      [["archive", "add-login"], "command_not_allowed", /openspec_change_archive/],
      [["list", "--store", "team"], "command_not_allowed", /openspec_source_import/],
      [
        ["context", "--code-workspace", outside],
        "command_not_allowed",
        /Leave --code-workspace out/,
      ],
      [["rm", "-rf", "/"], "unknown_command", /list, /],
      [["list", "--output", "/tmp/x"], "invalid_input", /--specs/],
      [["show", "../../etc/passwd"], "invalid_input", /name/],
      [["status", "--change=../other"], "invalid_input", /name/],
      [["show", "--type", "module", "auth"], "invalid_input", /change, spec/],
    ] as const;
    for (const [args, code, fix] of cases) {
      const result = await catalog.call("openspec_cli", { workdir: root, args: [...args] });
      expect(result, args.join(" ")).toMatchObject({ ok: false, code });
      expect(result.ok || result.fix, args.join(" ")).toMatch(fix);
      expect(result, args.join(" ")).not.toHaveProperty("command");
    }
    expect(existsSync(outside)).toBe(false);
  });

  it("GIVEN a command that writes WHEN run THEN it writes inside the repository; in a read-only call it is refused and nothing is written", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const refused = await catalog.call(
      "openspec_cli",
      { workdir: root, args: ["new", "change", "add-search"] },
      { readOnly: true },
    );
    expect(refused).toMatchObject({ ok: false, code: "command_not_allowed", kind: "write" });
    expect(existsSync(join(root, "openspec/changes/add-search"))).toBe(false);
    const read = await catalog.call(
      "openspec_cli",
      { workdir: root, args: ["list"] },
      { readOnly: true },
    );
    expect(read).toMatchObject({ ok: true, kind: "read", stdout: { changes: [] } });

    const written = await catalog.call("openspec_cli", {
      workdir: root,
      args: ["new", "change", "add-search", "--description", "--looks like an option"],
    });
    expect(written).toMatchObject({
      ok: true,
      kind: "write",
      stdout: { change: { id: "add-search" } },
    });
    expect(existsSync(join(root, "openspec/changes/add-search/.openspec.yaml"))).toBe(true);
  });

  it("GIVEN openspec/changes symlinked out of the repository WHEN a change is made through the passthrough THEN path_outside_repository and nothing lands outside", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const outside = temporaryFolder("elsewhere-");
    renameSync(join(root, "openspec/changes"), join(outside, "changes"));
    symlinkSync(join(outside, "changes"), join(root, "openspec/changes"));
    const result = await catalog.call("openspec_cli", {
      workdir: root,
      args: ["new", "change", "add-search"],
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readdirSync(join(outside, "changes")).sort()).toEqual(["archive"]);
  });

  it("GIVEN a spec folder symlinked out WHEN it is shown through the passthrough THEN it is refused as the typed tools refuse it", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const outside = temporaryFolder("elsewhere-");
    mkdirSync(join(outside, "secret"));
    symlinkSync(join(outside, "secret"), join(root, "openspec/specs/secret"));
    const result = await catalog.call("openspec_cli", {
      workdir: root,
      args: ["spec", "show", "secret"],
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
  });

  it("GIVEN a real spec folder whose spec.md is a symlink out WHEN it is shown or validated through the passthrough THEN it is refused and the outside text never comes back", async () => {
    const { catalog } = makeCatalog();
    const root = repositoryWithSpecLinkedOut();
    for (const args of [
      ["spec", "show", "leak"],
      ["show", "leak"],
      ["validate", "leak", "--type", "spec"],
    ]) {
      const result = await catalog.call("openspec_cli", { workdir: root, args });
      expect(result, args.join(" ")).toMatchObject({
        ok: false,
        code: "path_outside_repository",
        error: expect.stringContaining("openspec/specs/leak/spec.md"),
      });
      expect(JSON.stringify(result)).not.toContain(OUTSIDE_SECRET);
    }
  });

  it.each(RUN_MODES)(
    "GIVEN a project schema symlinked out, and a fork's default destination symlinked out WHEN the passthrough names them, $mode THEN each is refused before the CLI reads or copies, or the confined CLI finds nothing there",
    async ({ env, refusedWith, available }) => {
      if (!available) return;
      const { catalog } = makeCatalog({ env });
      const root = makeOpenSpecRepository();
      const outside = temporaryFolder("elsewhere-");
      mkdirSync(join(outside, "stolen"));
      mkdirSync(join(outside, "spec-driven-custom"));
      mkdirSync(join(root, "openspec/schemas"));
      symlinkSync(join(outside, "stolen"), join(root, "openspec/schemas/stolen"));
      symlinkSync(
        join(outside, "spec-driven-custom"),
        join(root, "openspec/schemas/spec-driven-custom"),
      );
      for (const args of [
        ["schema", "which", "stolen"],
        ["templates", "--schema", "stolen"],
        ["status", "--schema=stolen"],
        ["schema", "fork", "stolen", "mine"],
        ["schema", "fork", "spec-driven", "--force"],
      ]) {
        const result = await catalog.call("openspec_cli", { workdir: root, args });
        if (refusedWith !== undefined) {
          expect(result, args.join(" ")).toMatchObject({ ok: false, code: refusedWith });
        }
        expect(JSON.stringify(result), args.join(" ")).not.toContain(outside);
      }
      expect(readdirSync(join(outside, "spec-driven-custom"))).toEqual([]);
      expect(existsSync(join(root, "openspec/schemas/mine"))).toBe(false);
    },
  );

  it("GIVEN --help on any command, even a refused one THEN the help text comes back and nothing runs but the help", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const result = await catalog.call("openspec_cli", { workdir: root, args: ["init", "--help"] });
    expect(result).toMatchObject({ ok: true, kind: "read" });
    expect(result.ok && result.stdout).toEqual(expect.stringContaining("Usage: openspec init"));
    expect(result.ok && (result.command as string[]).at(-1)).toBe("--help");
  });
});

import { DARK_MODE_CHANGE, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import { toolCatalog } from "./tool-catalog.js";
import { wordFix } from "./word-fix.js";

afterEach(cleanUp);

const tools = new Map(toolCatalog.map((tool) => [tool.name, tool]));
const shell = { kind: "command", program: "openspec-agent" } as const;

describe("a fix in each host's words", () => {
  it("GIVEN a fix naming a tool and a field WHEN worded for agents THEN it names the tool and the field with its value", () => {
    const fix =
      "Tick the finished ones with {tool:openspec_task_set_status done=true}, or pass {field:force=true}.";
    expect(wordFix(fix, { kind: "tool" }, "openspec_change_archive")).toBe(
      "Tick the finished ones with openspec_task_set_status with done: true, or pass force: true.",
    );
  });

  it("GIVEN a fix naming a tool the host does not offer WHEN worded for agents THEN how to get it follows that tool's name, and the offered tools and fields read as before", () => {
    const fix =
      "List them with {tool:openspec_source_list}, or register it with {tool:openspec_source_add}; pass {field:force=true}.";
    const unoffered = (tool: string) =>
      tool === "openspec_source_add" ? 'in the toolset "sources", not offered now' : undefined;
    expect(wordFix(fix, { kind: "tool", unoffered }, "openspec_context")).toBe(
      'List them with openspec_source_list, or register it with openspec_source_add (in the toolset "sources", not offered now); pass force: true.',
    );
  });

  it("GIVEN the same fix WHEN worded for the shell THEN it names the variant's command and the flag, from the catalog's presentation", () => {
    const fix =
      "Tick the finished ones with {tool:openspec_task_set_status done=true}, or pass {field:force=true}.";
    expect(wordFix(fix, shell, "openspec_change_archive", tools)).toBe(
      "Tick the finished ones with openspec-agent task done, or pass --force.",
    );
  });

  it("GIVEN fields that are arguments, value flags or another tool's WHEN worded for the shell THEN each reads as typed", () => {
    expect(
      wordFix(
        "Pass {field:change}, or {field:from_git=true} with {field:spec}; see {tool:openspec_instructions artifact=tasks} and {field:openspec_change_create.tasks}; or {field:openspec_validate.scope=specs}.",
        shell,
        "openspec_spec_diff",
        tools,
      ),
    ).toBe(
      "Pass <change>, or --git with --spec; see openspec-agent instructions tasks and --tasks; or --specs.",
    );
  });

  it("GIVEN a fix naming an OpenSpec command WHEN worded for agents, a shell and a page THEN agents read openspec, the shell and the page the command openspec-agent installs it as", () => {
    const fix = "Run `{openspec} init` in the folder, then {tool:openspec_validate}.";
    expect(wordFix(fix, { kind: "tool" }, "openspec_list")).toBe(
      "Run `openspec init` in the folder, then openspec_validate.",
    );
    expect(wordFix(fix, shell, "openspec_list", tools)).toBe(
      "Run `openspec-agent openspec init` in the folder, then openspec-agent validate.",
    );
    const page = { ...shell, kind: "page", actions: { openspec_validate: "Run again" } } as const;
    expect(wordFix(fix, page, "openspec_list", tools)).toBe(
      "Run `openspec-agent openspec init` in the folder, then Run again.",
    );
  });

  it("GIVEN text that only looks like a mark, or names no known tool WHEN worded THEN it is left as written or keeps the name", () => {
    expect(wordFix("Pass { field: x } or {tool:Nope}.", shell, "openspec_list", tools)).toBe(
      "Pass { field: x } or {tool:Nope}.",
    );
    expect(wordFix("Use {tool:openspec_gone}.", shell, "openspec_list", tools)).toBe(
      "Use openspec_gone.",
    );
  });

  it("GIVEN open tasks WHEN archiving through the catalog THEN agents get the tool and field, a shell its command and flag", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const args = { workdir: makeOpenSpecRepository(DARK_MODE_CHANGE), change: "add-dark-mode" };

    const forAgents = await catalog.call("openspec_change_archive", args);
    const forShell = await catalog.call("openspec_change_archive", args, { fixWording: shell });

    expect(forAgents).toMatchObject({
      code: "tasks_open",
      fix: "Tick the finished ones with openspec_task_set_status with done: true, or pass force: true to archive it anyway.",
    });
    expect(forShell).toMatchObject({
      code: "tasks_open",
      fix: "Tick the finished ones with openspec-agent task done, or pass --force to archive it anyway.",
    });
    expect({ ...forShell, fix: undefined }).toEqual({ ...forAgents, fix: undefined });
  });

  it("GIVEN two active changes WHEN task list names none THEN the error's fix is worded for each host: change for agents, <change> for a shell", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const workdir = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      "openspec/changes/add-login/proposal.md": "## Why\nSign in.\n\n## What Changes\n- Login.\n",
    });
    expect(await catalog.call("openspec_task_list", { workdir })).toMatchObject({
      fix: "Pass change: one of add-dark-mode, add-login.",
    });
    expect(
      await catalog.call("openspec_task_list", { workdir }, { fixWording: shell }),
    ).toMatchObject({ fix: "Pass <change>: one of add-dark-mode, add-login." });
  });

  it("GIVEN from_git without a spec WHEN spec_diff refuses THEN its error is worded too: fields for agents, flags for a shell", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const args = { workdir: makeOpenSpecRepository(), from_git: true };
    expect(await catalog.call("openspec_spec_diff", args)).toMatchObject({
      error: "from_git: true needs spec, the spec to compare with git HEAD.",
    });
    expect(await catalog.call("openspec_spec_diff", args, { fixWording: shell })).toMatchObject({
      error: "--git needs --spec, the spec to compare with git HEAD.",
    });
  });

  it("GIVEN no OpenSpec CLI WHEN a change is created THEN the note on what to call later is worded for each host too", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const args = {
      workdir: makeOpenSpecRepository(),
      name: "tidy-build",
      why: "The build script repeats itself in three places and drifts apart.",
      what_changes: ["Share one script."],
    };

    const forAgents = await catalog.call("openspec_change_create", args);
    const forShell = await catalog.call(
      "openspec_change_create",
      { ...args, name: "tidy-docs" },
      { fixWording: shell },
    );

    expect(forAgents).toMatchObject({
      ok: true,
      note: expect.stringContaining("call openspec_validate with its name"),
    });
    expect(forShell).toMatchObject({
      ok: true,
      note: expect.stringContaining("call openspec-agent validate with its name"),
    });
  });
});

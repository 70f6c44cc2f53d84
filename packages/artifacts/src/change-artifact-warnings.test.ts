import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { type ChangeArtifactKind, changeArtifactWarnings } from "./change-artifact-warnings.js";
import { DELTA, PROPOSAL } from "./test-support/change-artifact-samples.js";

afterAll(removeTemporaryFolders);

const TASKS = "## 1. Work\n- [ ] 1.1 Build the form\n";
const FILES: Record<ChangeArtifactKind, string> = {
  proposal: "proposal.md",
  design: "design.md",
  tasks: "tasks.md",
  spec: "specs/auth/spec.md",
};

/** Each warning kind, content that earns it, and what the CLI says about the same content. */
// A proposal is read by `openspec show`, not by validate (1.13.2): its cases ask show.
const CASES: {
  code: string;
  kind: ChangeArtifactKind;
  content: string;
  cli: RegExp;
  command?: "show";
  /** The warning's message is the CLI's own sentence, word for word. */
  verbatim?: true;
}[] = [
  {
    code: "missing_why",
    kind: "proposal",
    content: "## What Changes\n- Add a login form\n",
    cli: /Change must have a Why section/,
    command: "show",
    verbatim: true,
  },
  {
    code: "missing_what_changes",
    kind: "proposal",
    content: "## Why\nPeople cannot sign in today, so every page they open is the public one.\n",
    cli: /Change must have a What Changes section/,
    command: "show",
    verbatim: true,
  },
  {
    code: "tasks_without_checkboxes",
    kind: "tasks",
    content: "## 1. Work\n- Build the form\n- Test it\n",
    cli: /counts as 0 tasks/,
  },
  {
    code: "no_delta_sections",
    kind: "spec",
    content: "# Auth\n\nNotes about login.\n",
    cli: /No delta sections found/,
    verbatim: true,
  },
  {
    code: "no_delta_operations",
    kind: "spec",
    content: "## ADDED Requirements\n\nNothing yet.\n",
    cli: /no requirement entries parsed/,
  },
  {
    code: "requirement_without_text",
    kind: "spec",
    content: DELTA.replace("The system SHALL let a registered user sign in.\n", ""),
    cli: /"Login" is missing requirement text/,
  },
  {
    code: "requirement_without_shall",
    kind: "spec",
    content: DELTA.replace("SHALL let", "lets"),
    cli: /"Login" should contain SHALL or MUST/,
  },
  {
    code: "requirement_without_scenario",
    kind: "spec",
    content: DELTA.slice(0, DELTA.indexOf("#### Scenario")),
    cli: /"Login" must include at least one scenario/,
  },
  {
    code: "unpaired_rename",
    kind: "spec",
    content: `${DELTA}\n## RENAMED Requirements\n- FROM: \`### Requirement: Sign in\`\n`,
    cli: /has no matching TO/,
  },
  {
    code: "requirement_outside_delta_section",
    kind: "spec",
    content: `## Notes\n\n### Requirement: Stray\nThe system SHALL be ignored.\n\n${DELTA}`,
    cli: /not a delta section/,
  },
];

type Issue = { level: string; message: string };

/** `openspec validate --strict` (or `openspec show`) on a change whose other artifacts are valid. */
async function validateWith(
  kind: ChangeArtifactKind,
  content: string,
  command?: "show",
): Promise<Issue[]> {
  const base = "openspec/changes/add-login";
  const root = makeOpenSpecRepository({
    [`${base}/proposal.md`]: PROPOSAL,
    [`${base}/tasks.md`]: TASKS,
    [`${base}/specs/auth/spec.md`]: DELTA,
  });
  writeFileSync(join(root, base, FILES[kind]), content);
  if (command === "show") {
    const shown = await runRealOpenSpec(root, ["show", "add-login", "--type", "change", "--json"]);
    const said = JSON.parse(shown.stdout) as { status?: { message: string }[] };
    return (said.status ?? []).map((status) => ({ level: "ERROR", message: status.message }));
  }
  const run = await runRealOpenSpec(root, [
    "validate",
    "add-login",
    "--type",
    "change",
    "--strict",
    "--json",
  ]);
  const report = JSON.parse(run.stdout) as { items: { issues: Issue[] }[] };
  return report.items[0]?.issues ?? [];
}

describe("changeArtifactWarnings agrees with the CLI", () => {
  it("GIVEN a complete valid change THEN neither it nor the CLI objects to any artifact", async () => {
    for (const [kind, content] of [
      ["proposal", PROPOSAL],
      ["tasks", TASKS],
      ["spec", DELTA],
    ] as const) {
      expect(changeArtifactWarnings(kind, content)).toEqual([]);
      const command = kind === "proposal" ? "show" : undefined;
      expect(
        (await validateWith(kind, content, command)).filter((issue) => issue.level !== "INFO"),
      ).toEqual([]);
    }
  });

  it.each(CASES)(
    "GIVEN content that earns $code THEN the CLI objects to the same content",
    async ({ code, kind, content, cli, command, verbatim }) => {
      const warnings = changeArtifactWarnings(kind, content);
      expect(warnings.map((warning) => warning.code)).toContain(code);
      const issues = (await validateWith(kind, content, command)).filter(
        (issue) => issue.level !== "INFO",
      );
      expect(issues.map((issue) => issue.message).join("\n")).toMatch(cli);
      if (verbatim) {
        const ours = warnings.find((warning) => warning.code === code)?.message;
        expect(issues.map((issue) => issue.message)).toContain(ours);
      }
    },
  );

  it.each([
    ["list items only in an HTML comment", "## 1. Work\n<!--\n- Build the form\n-->\n"],
    ["list items only in a fence", "## 1. Work\n```\n- Build the form\n```\n"],
    ["list items only in front matter", "---\ntags:\n- work\n---\n# Tasks\n"],
    ["list items only as indented code", "# Tasks\n\n    - output line\n"],
  ])("GIVEN tasks with %s THEN neither we nor the CLI object", async (_, content) => {
    expect(changeArtifactWarnings("tasks", content)).toEqual([]);
    expect(
      (await validateWith("tasks", content)).filter((issue) => issue.level !== "INFO"),
    ).toEqual([]);
  });

  it("GIVEN CRLF content THEN the same warnings come as for LF", () => {
    for (const { kind, content } of CASES) {
      const crlf = content.replace(/\n/g, "\r\n");
      expect(changeArtifactWarnings(kind, crlf)).toEqual(changeArtifactWarnings(kind, content));
    }
  });
});

/** Guards that every code the module can emit has a parity case above. */
describe("changeArtifactWarnings codes", () => {
  it("GIVEN the module's source THEN every code it emits is covered by a CLI case", async () => {
    const { readFileSync } = await import("node:fs");
    const source = readFileSync(join(import.meta.dirname, "change-artifact-warnings.ts"), "utf8");
    const emitted = new Set(
      [...source.matchAll(/code: "([a-z_]+)"/g)].map((match) => match[1] as string),
    );
    for (const passed of ["unpaired_rename", "requirement_outside_delta_section"])
      emitted.add(passed);
    expect([...emitted].sort()).toEqual(CASES.map((entry) => entry.code).sort());
  });
});

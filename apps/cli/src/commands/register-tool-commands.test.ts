import { join } from "node:path";
import { defineTool, toolCatalog } from "@org/openspec-core";
import {
  isolatedEnvironment,
  removeTemporaryFolders,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runCli } from "../program.js";
import { runInProcess } from "../test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

/** A tool the shell CLI has never heard of, with its own schemas and presentation. */
const greetTool = defineTool({
  name: "test_greet",
  description: "Greets someone, for tests of the generated shell commands.",
  inputSchema: () =>
    z
      .object({
        source: z.string().optional().describe("A registered source."),
        workdir: z.string().optional().describe("A repository folder."),
        who: z.string().describe("Whom to greet."),
        tone: z.enum(["calm", "loud"]).optional().describe("How to say it."),
        times: z.number().int().min(1).optional().describe("How often to say it."),
        tags: z.array(z.string()).optional().describe("Labels to add."),
        no_wave: z.boolean().optional().describe("Leave the wave out."),
        sign: z.string().describe("Who signs the greeting."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      greeting: z.string(),
      input: z.record(z.string(), z.unknown()),
    }),
  requiresCli: false,
  annotations: {
    title: "Greet",
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  presentation: {
    command: ["greet", "someone"],
    summary: "say hello",
    arguments: ["who"],
    shortFlags: { tone: "t", workdir: "w" },
    paths: ["workdir"],
    valueFlags: [{ flag: "shout", field: "tone", value: "loud" }],
    render: (result) => [
      { kind: "heading", text: result.greeting },
      {
        kind: "table",
        columns: ["FIELD", "VALUE"],
        rows: [["tone", String(result.input.tone)]],
        empty: "-",
      },
      {
        kind: "checklist",
        items: [
          { done: true, text: "said hello" },
          { done: false, text: "waved" },
        ],
        empty: "-",
      },
      { kind: "document", title: "card.txt", text: "Dear friend\n" },
      { kind: "notice", text: "the card is short" },
    ],
  },
  async handler(input) {
    return { ok: true, greeting: `hello ${input.who}`, input };
  },
});

function run(args: string[], cwd?: string) {
  return runInProcess(args, [greetTool], cwd);
}

describe("shell commands generated from tool definitions", () => {
  it("GIVEN a tool the CLI does not know WHEN its help is asked THEN every input field has a flag, with the enum values listed", async () => {
    const help = await run(["greet", "someone", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: openspec-agent greet someone [options] <who>");
    expect(help.stdout).toContain("Whom to greet.");
    expect(help.stdout).toMatch(/-t, --tone <value>\s+How to say it\. \(choices: "calm", "loud"\)/);
    expect(help.stdout).toMatch(/--times <n>\s+How often to say it\./);
    expect(help.stdout).toMatch(
      /--tags <json>\s+Labels to add\. \(a JSON array of strings; @file\.json, or\s+- for stdin\)/,
    );
    expect(help.stdout).toMatch(/--no-wave\s+Leave the wave out\./);
    expect(help.stdout).toMatch(/--shout\s+the same as --tone loud/);
    expect(help.stdout).toMatch(/--sign <value>\s+Who signs the greeting\. \(required\)/);
    expect(help.stdout).toMatch(/-w, --workdir <value>/);
    expect((await run(["--help"])).stdout).toMatch(/greet\s+greet commands: someone/);
  });

  it("GIVEN flags of every kind WHEN the command runs THEN the tool gets them typed, and its blocks are printed for people", async () => {
    const folder = temporaryFolder("cwd-");
    writeFiles(folder, { "tags.json": '["a","b"]' });
    const called = await run(
      [
        "greet",
        "someone",
        "ann",
        "--shout",
        "--times",
        "2",
        "--tags",
        "@tags.json",
        "--no-wave",
        "--sign",
        "bo",
        "-w",
        "repo",
      ],
      folder,
    );
    expect(called.code).toBe(0);
    expect(called.stdout).toBe(
      [
        "hello ann",
        "FIELD  VALUE",
        "tone   loud",
        "[x] said hello",
        "[ ] waved",
        "1/2 done",
        "",
        "--- card.txt",
        "Dear friend",
      ].join("\n"),
    );
    expect(called.stderr).toBe("warning the card is short");

    const json = await run(
      ["greet", "someone", "ann", "-t", "calm", "--times", "3", "--sign", "bo", "--json"],
      folder,
    );
    expect(JSON.parse(json.stdout)).toEqual({
      ok: true,
      greeting: "hello ann",
      input: { who: "ann", tone: "calm", times: 3, sign: "bo", workdir: folder },
    });
    const moved = await run(
      ["greet", "someone", "ann", "--sign", "bo", "-w", "repo", "--json"],
      folder,
    );
    expect(JSON.parse(moved.stdout).input.workdir).toBe(join(folder, "repo"));
    const bySource = await run(
      ["greet", "someone", "ann", "--sign", "bo", "--source", "shop", "--json"],
      folder,
    );
    expect(JSON.parse(bySource.stdout).input).toEqual({ who: "ann", sign: "bo", source: "shop" });
  });

  it.each([
    [
      ["greet", "someone", "ann", "--sign", "bo", "--tone", "shrill"],
      /argument 'shrill' is invalid.*calm, loud/,
    ],
    [["greet", "someone", "ann", "--sign", "bo", "--times", "many"], /Not a number/],
    [
      ["greet", "someone", "ann", "--sign", "bo", "--tags", "[oops"],
      /--tags "\[oops" is not valid JSON/,
    ],
    [
      ["greet", "someone", "ann", "--sign", "bo", "--shout", "--tone", "calm"],
      /--shout sets tone to loud/,
    ],
    [["greet", "someone", "ann"], /required option '--sign <value>' not specified/],
    [["greet", "someone", "--sign", "bo"], /missing required argument 'who'/],
  ])(
    "WHEN the command line %j is wrong THEN it is a usage error (exit 2) that says why",
    async (args, message) => {
      const wrong = await run(args);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(message);
      expect(wrong.stdout).toBe("");
    },
  );
});

describe("every catalog tool from the shell", () => {
  it.each(toolCatalog.map((tool) => [tool.name, tool] as const))(
    "GIVEN %s WHEN its command's help is asked THEN the command exists and every input field is an argument, a flag or a value flag",
    async (_name, tool) => {
      const help = await runWithCatalog([...tool.presentation.command, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`(${tool.name})`);
      const positional: readonly string[] = tool.presentation.arguments ?? [];
      const valueFlagged = new Set((tool.presentation.valueFlags ?? []).map((flag) => flag.field));
      for (const field of Object.keys(tool.inputSchema.shape)) {
        const flag = `--${field.replace(/_/g, "-")}`;
        const reachable = positional.includes(field)
          ? new RegExp(`[<[]${field}(\\.\\.\\.)?[>\\]]`).test(help.stdout)
          : help.stdout.includes(flag) || valueFlagged.has(field);
        expect(reachable, `${tool.name}: ${field}`).toBe(true);
      }
    },
  );
});

async function runWithCatalog(args: string[]) {
  const { env } = isolatedEnvironment({});
  const out: string[] = [];
  const terminal = { out: (text: string) => out.push(text), err: () => {}, color: false };
  const code = await runCli(args, { env, cwd: temporaryFolder("cwd-"), terminal });
  return { code, stdout: out.join("\n") };
}

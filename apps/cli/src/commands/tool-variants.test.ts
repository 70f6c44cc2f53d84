import { defineTool } from "@org/openspec-core";
import { removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runInProcess } from "../test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

/** A tool the shell CLI has never heard of, with variants and a document field. */
const noteTool = defineTool({
  name: "test_note",
  description: "Pins or unpins a note, for tests of variants and document fields.",
  inputSchema: () =>
    z
      .object({
        ids: z.array(z.string()).describe("The notes."),
        pinned: z.boolean().describe("Pin or unpin."),
        body: z.string().optional().describe("The note's text."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({ ok: z.literal(true), input: z.record(z.string(), z.unknown()) }),
  requiresCli: false,
  annotations: {
    title: "Note",
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  presentation: {
    command: ["note", "set"],
    summary: "pin (--pinned) or unpin (--no-pinned) notes",
    arguments: ["ids"],
    documents: ["body"],
    variants: [
      { command: ["note", "pin"], summary: "pin notes", fixed: { pinned: true } },
      { command: ["note", "unpin"], summary: "unpin notes", fixed: { pinned: false } },
    ],
    render: (result) => [{ kind: "text", text: JSON.stringify(result.input) }],
  },
  async handler(input) {
    return { ok: true, input };
  },
});

function run(args: string[], cwd?: string) {
  return runInProcess(args, [noteTool], cwd);
}

describe("variant commands and document fields from a tool's presentation", () => {
  it("GIVEN a tool with variants WHEN each variant runs THEN the tool gets the fixed fields, and the main command still works", async () => {
    const pinned = await run(["note", "pin", "a", "b", "--json"]);
    expect(pinned.code).toBe(0);
    expect(JSON.parse(pinned.stdout)).toEqual({
      ok: true,
      input: { ids: ["a", "b"], pinned: true },
    });
    const unpinned = await run(["note", "unpin", "a", "--json"]);
    expect(JSON.parse(unpinned.stdout)).toMatchObject({ input: { ids: ["a"], pinned: false } });
    const set = await run(["note", "set", "a", "--pinned", "--json"]);
    expect(JSON.parse(set.stdout)).toMatchObject({ input: { ids: ["a"], pinned: true } });
  });

  it("GIVEN a variant WHEN its help is asked THEN it names the tool and what it fixes, and offers no flag for the fixed field", async () => {
    const help = await run(["note", "pin", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("pin notes (test_note with pinned: true)");
    expect(help.stdout).not.toContain("--pinned");
    expect(help.stdout).toMatch(
      /--body <text>\s+The note's text\. \(text, @file, or - for stdin\)/,
    );
    expect((await run(["note", "--help"])).stdout).toMatch(/unpin \[options\] <ids\.\.\.>/);
  });

  it("GIVEN a document field WHEN given inline, as @file and for a missing file THEN the text arrives byte for byte, or a usage error", async () => {
    const folder = temporaryFolder("cwd-");
    writeFiles(folder, { "body.md": "# Title\r\n\r\nLine\r\n" });
    const inline = await run(["note", "pin", "a", "--body", "plain text", "--json"], folder);
    expect(JSON.parse(inline.stdout)).toMatchObject({ input: { body: "plain text" } });
    const fromFile = await run(["note", "pin", "a", "--body", "@body.md", "--json"], folder);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({
      input: { body: "# Title\r\n\r\nLine\r\n" },
    });
    const missing = await run(["note", "pin", "a", "--body", "@absent.md"], folder);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--body "@absent.md" cannot be read');
  });
});

import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type BoundedLine, readBoundedLines } from "./read-bounded-lines.js";

async function linesOf(chunks: (string | Buffer)[], maxLineBytes: number): Promise<BoundedLine[]> {
  const lines: BoundedLine[] = [];
  for await (const line of readBoundedLines(Readable.from(chunks), maxLineBytes)) lines.push(line);
  return lines;
}

describe("readBoundedLines", () => {
  it("GIVEN lines split across chunks, a CRLF and a last line without a newline WHEN read THEN each line comes whole, without the line ending", async () => {
    expect(await linesOf(["one\ntw", "o\r\nthr", "ee"], 100)).toEqual([
      { kind: "line", text: "one" },
      { kind: "line", text: "two" },
      { kind: "line", text: "three" },
    ]);
  });

  it("GIVEN a multi-byte character split between two chunks WHEN read THEN it is decoded once, whole", async () => {
    const bytes = Buffer.from("née\n", "utf8");
    expect(await linesOf([bytes.subarray(0, 2), bytes.subarray(2)], 100)).toEqual([
      { kind: "line", text: "née" },
    ]);
  });

  it("GIVEN a line longer than the limit, sent in many chunks WHEN read THEN only its size and first bytes are reported and the next line is read normally", async () => {
    const start = '{"id": 7, "tool": "x", "args": "';
    const chunks = [start, ..."a".repeat(50).split(""), '"}\nnext\n'];
    expect(await linesOf(chunks, 40)).toEqual([
      {
        kind: "too_long",
        bytes: start.length + 52,
        head: `${start}${"a".repeat(41 - start.length)}`,
      },
      { kind: "line", text: "next" },
    ]);
  });

  it("GIVEN an endless line that never gets its newline WHEN the input ends THEN it is reported as too long, never held", async () => {
    const lines = await linesOf([Buffer.alloc(300_000, 0x78)], 1024);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: "too_long", bytes: 300_000 });
    expect(lines[0]?.kind === "too_long" && lines[0].head).toHaveLength(256);
  });
});

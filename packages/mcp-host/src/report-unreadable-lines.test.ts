import { describe, expect, it } from "vitest";
import { reportUnreadableLines } from "./report-unreadable-lines.js";

/** Writes `chunks` through the stream; what it reported, and the bytes it passed on. */
async function pass(chunks: readonly string[]): Promise<{ reported: string[]; out: string }> {
  const reported: string[] = [];
  const stream = reportUnreadableLines((error) => reported.push(error.name));
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  for (const chunk of chunks) stream.write(Buffer.from(chunk));
  stream.end();
  await new Promise((resolve) => stream.once("end", resolve));
  return { reported, out: Buffer.concat(out).toString("utf8") };
}

describe("GIVEN the lines a stdio client writes", () => {
  it("WHEN JSON lines arrive whole, split across chunks and with CRLF THEN nothing is reported and every byte passes on", async () => {
    const chunks = ['{"jsonrpc":"2.0","id":1,"me', 'thod":"ping"}\r\n{"a"', ":1}\n"];
    expect(await pass(chunks)).toEqual({ reported: [], out: chunks.join("") });
  });

  it("WHEN a line is not JSON, also when split across chunks THEN each such line is reported once, and the bytes still pass on", async () => {
    const chunks = ['not json\n{"ok":1}\n{broken', ' and split"\n', "\n"];
    expect(await pass(chunks)).toEqual({
      reported: ["SyntaxError", "SyntaxError", "SyntaxError"],
      out: chunks.join(""),
    });
  });

  it("WHEN a line is longer than the SDK's transport reads THEN it is not looked at, and the next line is", async () => {
    const huge = "x".repeat(6 * 1024 * 1024);
    const { reported } = await pass([huge, huge, "\n", "nope\n"]);
    expect(reported).toEqual(["SyntaxError"]);
  });
});

import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { CLOSED_PIPE_EXIT, exitOnClosedPipe } from "./exit-on-closed-pipe.js";

function pipeError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`write ${code}`), { code });
}

describe("a closed pipe ends the command quietly", () => {
  it("GIVEN EPIPE on stdout WHEN nothing else listens THEN the process exits with 141", () => {
    const stdout = new EventEmitter();
    const exits: number[] = [];
    exitOnClosedPipe([stdout], (code) => exits.push(code));

    stdout.emit("error", pipeError("EPIPE"));

    expect(exits).toEqual([CLOSED_PIPE_EXIT]);
  });

  it("GIVEN a command that handles stdout's errors itself (the stdio MCP server) WHEN EPIPE comes THEN it is left to stop on its own", () => {
    const stdout = new EventEmitter();
    const exits: number[] = [];
    const stopped: string[] = [];
    exitOnClosedPipe([stdout], (code) => exits.push(code));
    stdout.on("error", (error: Error) => stopped.push(error.message));

    stdout.emit("error", pipeError("EPIPE"));

    expect(exits).toEqual([]);
    expect(stopped).toEqual(["write EPIPE"]);
  });

  it("GIVEN another write error WHEN it comes THEN it is thrown, not hidden", () => {
    const stdout = new EventEmitter();
    exitOnClosedPipe([stdout], () => {});
    expect(() => stdout.emit("error", pipeError("EIO"))).toThrow("write EIO");
  });
});

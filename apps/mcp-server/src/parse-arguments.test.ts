import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseArguments } from "./parse-arguments.js";

describe("parseArguments", () => {
  it.each([
    [[], { kind: "serve" }],
    [["--workdir", "/repos/shop"], { kind: "serve", workdir: "/repos/shop" }],
    [["--workdir=/repos/shop"], { kind: "serve", workdir: "/repos/shop" }],
    [["--workdir", "shop"], { kind: "serve", workdir: resolve("shop") }],
    [["--help"], { kind: "help" }],
    [["--workdir", "/x", "--version"], { kind: "version" }],
  ])("WHEN the arguments are %j THEN the command is %j", (argv, expected) => {
    expect(parseArguments(argv)).toEqual(expected);
  });

  it.each([
    [["--workdir"], "--workdir needs a path."],
    [["--workdir="], "--workdir needs a path."],
    [["serve"], 'Unknown argument "serve".'],
  ])("WHEN the arguments are %j THEN they are refused with %s", (argv, message) => {
    expect(parseArguments(argv)).toEqual({ kind: "invalid", message });
  });
});

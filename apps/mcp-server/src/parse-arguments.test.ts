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
    [["--http"], { kind: "serve-http" }],
    [
      ["--http", "--port", "0", "--host=::1", "--no-auth"],
      { kind: "serve-http", port: 0, host: "::1", noAuth: true },
    ],
    [
      ["--http", "--allowed-host", "mcp.example.com", "--allowed-host=proxy", "--workdir=/r"],
      { kind: "serve-http", allowedHosts: ["mcp.example.com", "proxy"], workdir: "/r" },
    ],
    [
      ["--http", "--max-sessions-per-token", "5", "--allow-any-workdir"],
      { kind: "serve-http", maxSessionsPerToken: 5, allowAnyWorkdir: true },
    ],
    [["--http", "--max-sessions-per-token=1"], { kind: "serve-http", maxSessionsPerToken: 1 }],
    [
      ["--http", "--max-subscriptions-per-token", "50"],
      { kind: "serve-http", maxSubscriptionsPerToken: 50 },
    ],
    [
      ["--toolsets", "read,sources", "--read-only", "--dynamic-toolsets"],
      { kind: "serve", toolsets: "read,sources", readOnly: true, dynamicToolsets: true },
    ],
    [
      ["--http", "--toolsets=all", "--dynamic-toolsets"],
      { kind: "serve-http", toolsets: "all", dynamicToolsets: true },
    ],
    [["--no-output-schemas"], { kind: "serve", outputSchemas: false }],
    [["--http", "--no-output-schemas"], { kind: "serve-http", outputSchemas: false }],
  ])("WHEN the arguments are %j THEN the command is %j", (argv, expected) => {
    expect(parseArguments(argv)).toEqual(expected);
  });

  it.each([
    [["--workdir"], "--workdir needs a path."],
    [["--toolsets"], "--toolsets needs a value."],
    [
      ["--http", "--read-only"],
      "--read-only is for stdio; over HTTP, make the client's token read-only (openspec-agent tokens create --read-only).",
    ],
    [["--workdir="], "--workdir needs a path."],
    [["serve"], 'Unknown argument "serve".'],
    [
      ["--port", "3845"],
      "--port, --host, --no-auth, --allowed-host, --max-sessions-per-token, --max-subscriptions-per-token and --allow-any-workdir need --http.",
    ],
    [
      ["--no-auth"],
      "--port, --host, --no-auth, --allowed-host, --max-sessions-per-token, --max-subscriptions-per-token and --allow-any-workdir need --http.",
    ],
    [["--http", "--port", "http"], "--port needs a number from 0 to 65535."],
    [["--http", "--port=70000"], "--port needs a number from 0 to 65535."],
    [["--http", "--host"], "--host needs a value."],
    [
      ["--allow-any-workdir"],
      "--port, --host, --no-auth, --allowed-host, --max-sessions-per-token, --max-subscriptions-per-token and --allow-any-workdir need --http.",
    ],
    [
      ["--http", "--max-sessions-per-token", "0"],
      "--max-sessions-per-token needs a number from 1 to 100000.",
    ],
    [
      ["--http", "--max-subscriptions-per-token=none"],
      "--max-subscriptions-per-token needs a number from 1 to 100000.",
    ],
    [
      ["--max-subscriptions-per-token", "5"],
      "--port, --host, --no-auth, --allowed-host, --max-sessions-per-token, --max-subscriptions-per-token and --allow-any-workdir need --http.",
    ],
  ])("WHEN the arguments are %j THEN they are refused with %s", (argv, message) => {
    expect(parseArguments(argv)).toEqual({ kind: "invalid", message });
  });
});

import { describe, expect, it } from "vitest";
import { parseServeArguments } from "./parse-serve-arguments.js";

describe("parseServeArguments", () => {
  it("GIVEN no argument THEN it serves on 127.0.0.1:4173 without opening a browser", () => {
    expect(parseServeArguments([])).toEqual({
      kind: "serve",
      port: 4173,
      host: "127.0.0.1",
      open: false,
    });
  });

  it("GIVEN --port, --host=… and --open THEN each is read", () => {
    expect(parseServeArguments(["--port", "0", "--host=0.0.0.0", "--open"])).toEqual({
      kind: "serve",
      port: 0,
      host: "0.0.0.0",
      open: true,
    });
  });

  it("GIVEN a port out of range or an unknown flag THEN it is invalid, with a message", () => {
    expect(parseServeArguments(["--port", "70000"]).kind).toBe("invalid");
    expect(parseServeArguments(["--port", "-1"]).kind).toBe("invalid");
    expect(parseServeArguments(["--bogus"])).toEqual({
      kind: "invalid",
      message: 'Unknown argument "--bogus".',
    });
    expect(parseServeArguments(["--host"]).kind).toBe("invalid");
  });
});

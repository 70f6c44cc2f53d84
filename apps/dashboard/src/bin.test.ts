import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/openspec-dashboard.js", import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });

describe("openspec-dashboard", () => {
  it("GIVEN --help THEN it prints the usage and exits 0 without starting a server", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      "Usage: openspec-dashboard [--port 4173] [--host 127.0.0.1] [--open]",
    );
  });

  it("GIVEN an unknown flag THEN it exits 2 with the reason", () => {
    const result = run(["--bogus"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown argument "--bogus".');
  });

  it("GIVEN --version THEN it prints the package's version", () => {
    expect(run(["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

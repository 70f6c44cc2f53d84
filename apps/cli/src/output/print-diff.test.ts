import { describe, expect, it } from "vitest";
import { printBlocks } from "./print-blocks.js";
import { renderResult } from "./render-result.js";
import { type OutputStream, processTerminal } from "./terminal.js";

const DIFF = [
  "--- a/openspec/specs/auth/spec.md",
  "+++ b/openspec/specs/auth/spec.md",
  "@@ -1,3 +1,3 @@",
  " # Auth",
  "-Old line",
  "+New line",
  "",
].join("\n");

const ESC = "\u001b";

/** A stream that collects what is written, a TTY or not. */
function stream(isTTY: boolean): OutputStream & { text: () => string } {
  const written: string[] = [];
  return { isTTY, write: (text: string) => written.push(text), text: () => written.join("") };
}

function printDiff(env: Record<string, string | undefined>, tty: boolean): string {
  const stdout = stream(tty);
  const terminal = processTerminal(env, { stdout, stderr: stream(tty) });
  printBlocks(terminal, [{ kind: "diff", title: "auth", text: DIFF }]);
  return stdout.text();
}

describe("a diff block on the terminal", () => {
  it("GIVEN a TTY without NO_COLOR WHEN a diff is printed THEN additions are green, removals red, hunk headers cyan and file headers bold", () => {
    const shown = printDiff({}, true);
    expect(shown).toContain(`${ESC}[32m+New line${ESC}[39m`);
    expect(shown).toContain(`${ESC}[31m-Old line${ESC}[39m`);
    expect(shown).toContain(`${ESC}[36m@@ -1,3 +1,3 @@${ESC}[39m`);
    expect(shown).toContain(`${ESC}[1m--- a/openspec/specs/auth/spec.md${ESC}[22m`);
    expect(shown).toContain(`${ESC}[1m+++ b/openspec/specs/auth/spec.md${ESC}[22m`);
    // Context lines stay plain.
    expect(shown).toContain("\n # Auth\n");
  });

  it.each([
    ["NO_COLOR=1 on a TTY", { NO_COLOR: "1" }, true],
    ["TERM=dumb on a TTY", { TERM: "dumb" }, true],
    ["output that is not a TTY", {}, false],
  ])(
    "GIVEN %s WHEN a diff is printed THEN it is the plain diff, exactly, that git apply takes",
    (_, env, tty) => {
      expect(printDiff(env, tty)).toBe(DIFF);
    },
  );

  it("GIVEN NO_COLOR set but empty on a TTY WHEN a diff is printed THEN it is coloured, as no-color.org asks only a non-empty value to turn colour off", () => {
    expect(printDiff({ NO_COLOR: "" }, true)).toContain(`${ESC}[32m+New line`);
  });

  it("GIVEN a diff that holds escape sequences WHEN it is printed coloured THEN they are made visible and only the printer's own colour codes reach the terminal", () => {
    const stdout = stream(true);
    const terminal = processTerminal({}, { stdout, stderr: stream(true) });
    const hostile = `${DIFF}+${ESC}]0;owned\u0007${ESC}[2J\n`;
    renderResult(terminal, { ok: true }, false, () => [
      { kind: "diff", title: "x", text: hostile },
    ]);
    const shown = stdout.text();
    expect(shown).toContain(`${ESC}[32m+\\x1b]0;owned\\x07\\x1b[2J${ESC}[39m`);
    const colourCode = new RegExp(`${ESC}\\[[0-9;]*m`, "g");
    expect(shown.match(colourCode)?.length).toBeGreaterThan(0);
    expect(shown.replace(colourCode, "")).not.toContain(ESC);
  });
});

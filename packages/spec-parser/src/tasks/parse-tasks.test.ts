import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTasks } from "./parse-tasks.js";

const TEMPLATE = [
  "# Tasks",
  "",
  "## 1. Setup",
  "",
  "- [x] 1.1 Create the module",
  "- [ ] 1.2 Wire the store",
  "",
  "## 2. Login",
  "",
  "* [X] 2.1 Hash passwords",
  "  - [ ] 2.1.1 Pick parameters",
  "- [ ] Untitled follow-up",
].join("\n");

describe("parseTasks", () => {
  it("GIVEN the template layout WHEN parsed THEN each task has its number, text, state, line and section, and the totals add up", () => {
    expect(parseTasks(TEMPLATE)).toEqual({
      sections: [
        { title: "1. Setup", line: 3 },
        { title: "2. Login", line: 8 },
      ],
      tasks: [
        { id: "1.1", text: "Create the module", done: true, line: 5, section: "1. Setup" },
        { id: "1.2", text: "Wire the store", done: false, line: 6, section: "1. Setup" },
        { id: "2.1", text: "Hash passwords", done: true, line: 10, section: "2. Login" },
        { id: "2.1.1", text: "Pick parameters", done: false, line: 11, section: "2. Login" },
        { id: null, text: "Untitled follow-up", done: false, line: 12, section: "2. Login" },
      ],
      total: 5,
      completed: 2,
    });
  });

  it("GIVEN every checkbox spelling the CLI counts WHEN parsed THEN each is a task and only x or X is done", () => {
    const tasks = parseTasks(
      [
        "+ [ ] plus",
        "1. [ ] ordered",
        "2) [x] paren",
        "- [~] partial",
        "- [] empty",
        "- [ x ] padded",
        "-[ ] tight",
      ].join("\n"),
    );
    expect(tasks.tasks.map((task) => [task.text, task.done])).toEqual([
      ["plus", false],
      ["ordered", false],
      ["paren", true],
      ["partial", false],
      ["empty", false],
      ["padded", true],
      ["tight", false],
    ]);
  });

  it("GIVEN link bullets WHEN parsed THEN they are not tasks, except a blank box followed by a link", () => {
    const tasks = parseTasks(
      ["- [docs](./docs.md)", "- [A][ref]", "- [WIP] two letters", "- [ ](./blank)"].join("\n"),
    );
    expect(tasks.tasks.map((task) => task.text)).toEqual(["(./blank)"]);
  });

  it("GIVEN a checkbox and a heading inside a code fence WHEN parsed THEN the checkbox counts, as the CLI counts it, and the heading names no section", () => {
    const tasks = parseTasks(["## Real", "```", "- [ ] 9.9 fenced", "## Fenced", "```"].join("\n"));
    expect(tasks.sections).toEqual([{ title: "Real", line: 1 }]);
    expect(tasks.tasks).toEqual([
      { id: "9.9", text: "fenced", done: false, line: 3, section: "Real" },
    ]);
  });

  it("GIVEN the template with CRLF line endings and a BOM WHEN parsed THEN the result is identical", () => {
    expect(parseTasks(`\ufeff${TEMPLATE.replace(/\n/g, "\r\n")}`)).toEqual(parseTasks(TEMPLATE));
  });

  it("GIVEN empty, binary or non-string input WHEN parsed THEN an empty or partial list comes back and nothing throws", () => {
    expect(parseTasks("")).toEqual({ sections: [], tasks: [], total: 0, completed: 0 });
    expect(parseTasks(null as unknown as string).total).toBe(0);
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (garbage) => {
        const tasks = parseTasks(garbage);
        expect(tasks.completed).toBeLessThanOrEqual(tasks.total);
      }),
      { numRuns: 300 },
    );
  });
});

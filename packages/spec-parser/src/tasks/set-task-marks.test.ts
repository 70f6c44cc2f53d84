import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTasks } from "./parse-tasks.js";
import { setTaskMarks } from "./set-task-marks.js";

describe("setTaskMarks", () => {
  it("GIVEN CRLF lines, nested items and other list markers WHEN two tasks are ticked THEN only their marks change", () => {
    const text =
      "\uFEFF## 1. Setup\r\n- [ ] 1.1 One\r\n  * [ ] 1.1.1 Nested\r\n1. [X] 1.2 Two\r\n- []  1.3 Blank box\r\n";
    const ticked = setTaskMarks(text, [3, 5], true);
    expect(ticked).toBe(
      "\uFEFF## 1. Setup\r\n- [ ] 1.1 One\r\n  * [x] 1.1.1 Nested\r\n1. [X] 1.2 Two\r\n- [x]  1.3 Blank box\r\n",
    );
    expect(parseTasks(ticked).completed).toBe(3);
  });

  it("GIVEN a done task in capitals WHEN it is ticked again THEN it stays as written, and WHEN undone THEN it reads [ ]", () => {
    const text = "- [X] 1.1 Done\n";
    expect(setTaskMarks(text, [1], true)).toBe(text);
    expect(setTaskMarks(text, [1], false)).toBe("- [ ] 1.1 Done\n");
  });

  it("GIVEN a line that is no task or a line past the end WHEN named THEN nothing changes", () => {
    const text = "# Tasks\n[link](x)\n";
    expect(setTaskMarks(text, [1, 2, 9], true)).toBe(text);
  });

  it("GIVEN any tasks file WHEN every task is ticked THEN every task reads done, the line count stays and only marks differ", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "- [ ] a",
        "* [x] b",
        "  - [~] c",
        "+ [ ]\td",
        "1) [ ] e",
        "## S",
        "",
        "- [] f",
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.constantFrom("\n", "\r\n"),
        (lines, eol) => {
          const text = lines.join(eol);
          const before = parseTasks(text);
          const after = setTaskMarks(
            text,
            before.tasks.map((task) => task.line),
            true,
          );
          const parsed = parseTasks(after);
          expect(parsed.total).toBe(before.total);
          expect(parsed.completed).toBe(before.total);
          expect(after.split("\n")).toHaveLength(text.split("\n").length);
          const undone = setTaskMarks(
            after,
            parsed.tasks.map((task) => task.line),
            false,
          );
          expect(parseTasks(undone).completed).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

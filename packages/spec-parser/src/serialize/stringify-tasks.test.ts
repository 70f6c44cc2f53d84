import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parseTasks } from "../tasks/parse-tasks.js";
import { type CliParsers, loadCliParsers } from "../test-support/cli-parsers.js";
import type { TasksInput } from "../types.js";
import { stringifyTasks } from "./stringify-tasks.js";

let cli: CliParsers;

beforeAll(async () => {
  cli = await loadCliParsers();
});

/** One-line text as people write task items: words with Markdown punctuation, even leading digits. */
const text = fc
  .array(
    fc
      .string({
        unit: fc.constantFrom(..."abcXYZ019_*`[]()<>&|!?.,:;#~=+-é"),
        minLength: 1,
        maxLength: 8,
      })
      .filter((word) => /[a-zA-Z]/.test(word[0]!)),
    { minLength: 1, maxLength: 6 },
  )
  .map((words) => words.join(" "));

const tasksInput: fc.Arbitrary<TasksInput> = fc.record({
  sections: fc.array(
    fc.record({ title: text, items: fc.array(text, { minLength: 1, maxLength: 5 }) }),
    { minLength: 1, maxLength: 4 },
  ),
});

describe("stringifyTasks", () => {
  it("GIVEN two sections WHEN stringified THEN the layout is OpenSpec's template, numbered 1.1, 1.2, 2.1", () => {
    expect(
      stringifyTasks({
        sections: [
          { title: "Backend", items: ["Add the endpoint", "Drop SMS"] },
          { title: "Docs", items: ["Document passkeys"] },
        ],
      }),
    ).toBe(
      [
        "# Tasks",
        "",
        "## 1. Backend",
        "",
        "- [ ] 1.1 Add the endpoint",
        "- [ ] 1.2 Drop SMS",
        "",
        "## 2. Docs",
        "",
        "- [ ] 2.1 Document passkeys",
        "",
      ].join("\n"),
    );
  });

  it("GIVEN an item with a line break WHEN stringified THEN it stays one task line, so it cannot start a heading", () => {
    const markdown = stringifyTasks({
      sections: [{ title: "One\n## Two", items: ["first\n## not a heading"] }],
    });
    const parsed = parseTasks(markdown);
    expect(parsed.sections.map((section) => section.title)).toEqual(["1. One ## Two"]);
    expect(parsed.tasks.map((task) => task.text)).toEqual(["first ## not a heading"]);
  });

  it("GIVEN any sections of one-line items WHEN stringified THEN parseTasks and the CLI's own task counter read every item back, unchecked and numbered", () => {
    fc.assert(
      fc.property(tasksInput, (input) => {
        const markdown = stringifyTasks(input);
        const parsed = parseTasks(markdown);
        const expected = input.sections.flatMap((section, index) =>
          section.items.map((item, itemIndex) => ({
            id: `${index + 1}.${itemIndex + 1}`,
            text: item,
            done: false,
            section: `${index + 1}. ${section.title}`,
          })),
        );
        expect(
          parsed.tasks.map(({ id, text, done, section }) => ({ id, text, done, section })),
        ).toEqual(expected);
        expect(cli.taskCounts(markdown)).toEqual({ total: expected.length, completed: 0 });
      }),
      { numRuns: 200 },
    );
  });
});

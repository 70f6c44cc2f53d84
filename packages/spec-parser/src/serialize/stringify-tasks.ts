import type { TasksInput } from "../types.js";
import { markdownInline } from "./markdown-source.js";

/**
 * A `tasks.md` as OpenSpec's template lays it out: `# Tasks`, then per
 * section `## <n>. <title>` and its unchecked items `- [ ] <n>.<m> <item>`.
 * The numbering is what `openspec validate` checks against the section
 * numbers, so it is derived here and never taken from the caller. Titles and
 * items are one line each (line breaks become spaces).
 */
export function stringifyTasks(tasks: TasksInput): string {
  const lines = [`# ${markdownInline(tasks.title ?? "Tasks")}`, ""];
  for (const [index, section] of tasks.sections.entries()) {
    const number = index + 1;
    lines.push(`## ${number}. ${markdownInline(section.title)}`, "");
    for (const [itemIndex, item] of section.items.entries()) {
      lines.push(`- [ ] ${number}.${itemIndex + 1} ${markdownInline(item)}`);
    }
    if (section.items.length > 0) lines.push("");
  }
  return lines.join("\n");
}

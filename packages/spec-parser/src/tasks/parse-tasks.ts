import { scanLines } from "../lines/scan-lines.js";
import type { Task, TaskList } from "../types.js";
import { readTaskLine } from "./read-task-line.js";

const TASK_ID = /^(\d+(?:\.\d+)*[A-Za-z]*)\.?(?=\s|$)/;

/** `1.2 Write the parser` gives id `1.2` and text `Write the parser`. */
function splitId(description: string): { id: string | null; text: string } {
  const match = TASK_ID.exec(description);
  if (match === null) return { id: null, text: description };
  return { id: match[1]!, text: description.slice(match[0].length).trim() };
}

/**
 * Reads a `tasks.md`. The counts equal the CLI's task progress (`openspec
 * list`), which counts every checkbox line, fenced or not, and splits lines
 * only at LF. Headings (level 2 and deeper, outside fences) name sections.
 * Never fails.
 */
export function parseTasks(markdown: string): TaskList {
  const text = typeof markdown === "string" ? markdown : "";
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
    .split("\n")
    .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  const scan = scanLines(lines);
  const sections: TaskList["sections"] = [];
  const tasks: Task[] = [];
  let section: string | null = null;
  let completed = 0;
  for (let index = 0; index < lines.length; index++) {
    const title = scan.titles[index];
    if (title !== undefined && scan.boundary[index]! >= 2) {
      section = title;
      sections.push({ title, line: index + 1 });
      continue;
    }
    const task = readTaskLine(lines[index]!);
    if (task === null) continue;
    if (task.done) completed++;
    tasks.push({ ...splitId(task.description), done: task.done, line: index + 1, section });
  }
  return { sections, tasks, total: tasks.length, completed };
}

import { readTaskLine } from "./read-task-line.js";

/**
 * `markdown` with the checkbox on each of `lines` (1-based, as `parseTasks`
 * numbers them) marked done (`[x]`) or open (`[ ]`). Only the characters
 * between the brackets of those lines change: line endings, indentation,
 * list markers, a byte order mark and every other line stay byte for byte.
 * A box already in the wanted state is left as written (`[X]` stays `[X]`).
 */
export function setTaskMarks(markdown: string, lines: readonly number[], done: boolean): string {
  const pieces = markdown.split("\n");
  for (const line of new Set(lines)) {
    const index = line - 1;
    const piece = pieces[index];
    if (piece === undefined) continue;
    const task = readTaskLine(piece);
    if (task === null || task.done === done) continue;
    pieces[index] =
      piece.slice(0, task.box.open + 1) + (done ? "x" : " ") + piece.slice(task.box.close);
  }
  return pieces.join("\n");
}

import type { Task } from "@org/openspec-spec-parser";

/** A task of a change with the id tools accept for it. */
export type ListedTask = {
  /** The task's own number (`1.2`) when no other task shares it, else `#<position>`. */
  id: string;
  text: string;
  done: boolean;
  /** The heading the task is under, or null. */
  section: string | null;
  /** 1-based line in tasks.md. */
  line: number;
};

/**
 * Gives every task an id a caller can name it by: its written number when it
 * is unique in the file, else its 1-based position as `#<n>` (which also names
 * any task, numbered or not).
 */
export function withTaskIds(tasks: readonly Task[]): ListedTask[] {
  const seen = new Map<string, number>();
  for (const task of tasks) {
    if (task.id !== null) seen.set(task.id, (seen.get(task.id) ?? 0) + 1);
  }
  return tasks.map((task, index) => ({
    id: task.id !== null && seen.get(task.id) === 1 ? task.id : `#${index + 1}`,
    text: task.text,
    done: task.done,
    section: task.section,
    line: task.line,
  }));
}

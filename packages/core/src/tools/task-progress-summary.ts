// The earlier Python Hermes plugin answered task calls with `counts` and a
// one-word `status`, and the skills and scripts written for it read them; every
// task answer carries them too, next to our own `done` and `total`.

/** `counts` and `status` from the number of tasks done and in all. */
export function taskProgressSummary(done: number, total: number) {
  return {
    counts: { total, done, todo: total - done },
    status: done === 0 ? "todo" : done === total ? "done" : "in_progress",
  } as const;
}

/**
 * A cycle in "needs these first" edges (`a` → the changes `a` needs), as the
 * names around it with the first repeated at the end (`a → b → a`), or null.
 * A sequence with a cycle could never be carried out in any order, so it is
 * refused before anything is written.
 */
export function findDependencyCycle(
  needs: ReadonlyMap<string, readonly string[]>,
): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  // Iterative depth-first search: a long chain must not exhaust the stack.
  for (const start of [...needs.keys()].sort()) {
    if (state.has(start)) continue;
    const stack: { name: string; next: number }[] = [{ name: start, next: 0 }];
    state.set(start, "open");
    path.push(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { name: string; next: number };
      const edges = needs.get(top.name) ?? [];
      if (top.next >= edges.length) {
        state.set(top.name, "done");
        stack.pop();
        path.pop();
        continue;
      }
      const to = edges[top.next] as string;
      top.next += 1;
      const seen = state.get(to);
      if (seen === "open") return [...path.slice(path.indexOf(to)), to];
      if (seen === undefined) {
        state.set(to, "open");
        path.push(to);
        stack.push({ name: to, next: 0 });
      }
    }
  }
  return null;
}

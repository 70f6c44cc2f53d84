import { type ProcessEntry, readProcessTable } from "./read-process-table.js";

/**
 * The live descendants of `rootPid` (not the root itself), found by their
 * parent pids in one pass over /proc. Works on kernels without
 * /proc/<pid>/task/<tid>/children, which this machine's kernel lacks.
 */
export function listDescendants(rootPid: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of readProcessTable()) {
    const siblings = children.get(entry.ppid);
    if (siblings === undefined) children.set(entry.ppid, [entry]);
    else siblings.push(entry);
  }
  const found: ProcessEntry[] = [];
  const queue = [rootPid];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      if (child.pid === process.pid) continue;
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

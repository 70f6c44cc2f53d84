import { readdirSync, readFileSync } from "node:fs";

/** A process as /proc shows it; `startTime` tells a pid apart from a later reuse of it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot. */
  startTime: string;
}

/** One /proc/<pid>/stat line, or undefined when the process is gone or a zombie. */
export function readProcessEntry(pid: number): ProcessEntry | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const ppid = Number(fields[1]);
  const startTime = fields[19];
  if (state === "Z" || state === "X" || startTime === undefined || !Number.isInteger(ppid)) {
    return undefined;
  }
  return { pid, ppid, startTime };
}

/** Every live process on the machine; empty where there is no /proc (not Linux). */
export function readProcessTable(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProcessEntry(Number(name));
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

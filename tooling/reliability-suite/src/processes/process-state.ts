import { readdirSync, readFileSync } from "node:fs";

/**
 * What Linux says about a process. PID 1 in this container does not reap
 * orphans, so a process that ended may linger as a zombie: it holds no memory
 * and runs nothing, and counts as gone.
 */
export type ProcessState = "running" | "zombie" | "gone";

export type ProcStat = { state: string; ppid: number; pgid: number };

export function readStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name may hold spaces and parentheses; the fields after its last ")" do not.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", ppid: Number(fields[1]), pgid: Number(fields[2]) };
}

export function processState(pid: number): ProcessState {
  const stat = readStat(pid);
  if (stat === undefined) return "gone";
  return stat.state === "Z" || stat.state === "X" ? "zombie" : "running";
}

export function isGone(pid: number): boolean {
  return processState(pid) !== "running";
}

/** Every live (not zombie) process whose parent is `pid`, or whose process group `pid` leads, and theirs, recursively. */
export function liveDescendants(pid: number): number[] {
  const table = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => ({ pid: Number(name), stat: readStat(Number(name)) }))
    .filter(
      (entry): entry is { pid: number; stat: ProcStat } =>
        entry.stat !== undefined && entry.stat.state !== "Z" && entry.stat.state !== "X",
    );
  const found = new Set<number>();
  const parents = [pid];
  while (parents.length > 0) {
    const parent = parents.pop() as number;
    for (const entry of table) {
      const belongs = entry.stat.ppid === parent || entry.stat.pgid === parent;
      if (belongs && entry.pid !== pid && !found.has(entry.pid)) {
        found.add(entry.pid);
        parents.push(entry.pid);
      }
    }
  }
  return [...found];
}

/** The most memory the process has held so far (VmHWM), in bytes; undefined once it is gone. */
export function peakRssBytes(pid: number): number | undefined {
  return statusBytes(pid, "VmHWM");
}

/** The memory the process holds now (VmRSS), in bytes; undefined once it is gone. */
export function rssBytes(pid: number): number | undefined {
  return statusBytes(pid, "VmRSS");
}

function statusBytes(pid: number, field: "VmHWM" | "VmRSS"): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}

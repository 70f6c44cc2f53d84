import { readdirSync, readFileSync } from "node:fs";
import { type ProcessEntry, readProcessEntry } from "./read-process-table.js";

/**
 * Every other live process whose environment holds `variable=value` (or, with
 * `prefix`, a value starting with `value`): what a launch tagged, and
 * everything it started that kept its environment, even after leaving the
 * process group (`setsid`) or losing its parent. A process started with a
 * cleared environment is not found this way. Empty where there is no /proc.
 */
export function findTaggedProcesses(
  variable: string,
  value: string,
  options: { prefix?: boolean } = {},
): ProcessEntry[] {
  const needle = Buffer.from(`\0${variable}=${value}${options.prefix ? "" : "\0"}`);
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const tagged: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${name}/environ`);
    } catch {
      continue;
    }
    // A leading NUL makes the first variable match like the others.
    if (!Buffer.concat([Buffer.from("\0"), environ]).includes(needle)) continue;
    const entry = readProcessEntry(Number(name));
    if (entry !== undefined) tagged.push(entry);
  }
  return tagged;
}

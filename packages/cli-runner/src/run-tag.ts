/**
 * Every launched process carries `OPENSPEC_AGENT_RUN=<host pid>.<n>` in its
 * environment, and so does whatever it starts without clearing it: the host's
 * pid tells hosts apart (the watchdog finds a dead host's processes by it),
 * the counter launches within one host.
 */
export const RUN_TAG_VARIABLE = "OPENSPEC_AGENT_RUN";

let launches = 0;

export function nextRunTag(): string {
  launches += 1;
  return `${process.pid}.${launches}`;
}

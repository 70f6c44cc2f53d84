/**
 * Cuts a text stream into newline-terminated lines: feed it each chunk and it
 * returns the lines completed so far, keeping a partial line for the next
 * chunk. The runner's pipes (the warm worker's control channel, the watchdog's
 * stdin) carry short lines between our own processes; readline would do the
 * same but loads more at start-up, and a line from a peer we do not trust goes
 * through hermes-host's bounded reader instead.
 */
export function splitLines(): (chunk: string) => string[] {
  let pending = "";
  return (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    return lines;
  };
}

import type { ToolProgress } from "@org/openspec-core";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/**
 * A call's progress as a status line with a spinner: the catalog reports a CLI
 * run as it waits, starts and every second while it runs, and each report
 * turns the spinner one step, so no timer of its own is needed.
 */
export function progressSpinner(status: (text: string) => void): (progress: ToolProgress) => void {
  let step = 0;
  return (progress) => {
    const frame = FRAMES[step % FRAMES.length];
    step += 1;
    status(`${frame} ${progress.message}`);
  };
}

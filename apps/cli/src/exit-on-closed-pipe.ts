import { constants } from "node:os";

/** What a shell shows for a program stopped by a closed pipe: 128 + SIGPIPE, as for `git log | head`. */
export const CLOSED_PIPE_EXIT = 128 + constants.signals.SIGPIPE;

type Stream = {
  on(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
  listenerCount(event: "error"): number;
};

/**
 * Ends the process quietly when a reader closes its end of stdout or stderr
 * (`openspec-agent task list x | head -2`): Node ignores SIGPIPE, so a write
 * then fails with EPIPE and, unhandled, prints a stack trace. Like git and
 * ls, which SIGPIPE stops, it exits without a word, with 141. Any other write
 * error is still thrown. Results print after the CLI runs behind them ended,
 * so no run is left behind. A command that listens for these errors itself
 * (the stdio MCP server, which stops gracefully) is left to do so.
 */
export function exitOnClosedPipe(
  streams: readonly Stream[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  for (const stream of streams) {
    stream.on("error", (error) => {
      // A command that serves on stdio (`mcp`) stops gracefully on its own listener.
      if (stream.listenerCount("error") > 1) return;
      if (error.code !== "EPIPE") throw error;
      exit(CLOSED_PIPE_EXIT);
    });
  }
}

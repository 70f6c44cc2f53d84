/** Where a command writes, and whether it may use colour. */
export type Terminal = {
  out(text: string): void;
  err(text: string): void;
  color: boolean;
  /**
   * Shows one line of progress on stderr, replacing the last one; `null`
   * wipes it. Present only when stderr is a terminal (never in a pipe, a
   * file or a test's stand-in), so progress never reaches what a script reads.
   */
  status?: (text: string | null) => void;
};

/** A stream a terminal writes to: the process's own, or a test's stand-in. */
export type OutputStream = { write(text: string): unknown; isTTY?: boolean };

/**
 * The process's own streams (or the given ones); colour only when stdout is a
 * TTY, `TERM` is not `dumb` and `NO_COLOR` is unset or empty (no-color.org:
 * any non-empty value turns colour off); a status line only when stderr is a
 * TTY and `TERM` is not `dumb`.
 */
export function processTerminal(
  env: Readonly<Record<string, string | undefined>> = process.env,
  streams: { stdout: OutputStream; stderr: OutputStream } = process,
): Terminal {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  // A status line is redrawn in place with a carriage return and "erase line",
  // which only a terminal understands; a dumb one gets none.
  const live = streams.stderr.isTTY === true && env.TERM !== "dumb";
  let shown = false;
  const wipe = () => {
    if (!shown) return;
    shown = false;
    streams.stderr.write(ERASE_LINE);
  };
  const line = (stream: OutputStream) => (text: string) => {
    wipe();
    stream.write(text.endsWith("\n") ? text : `${text}\n`);
  };
  return {
    out: line(streams.stdout),
    err: line(streams.stderr),
    color: streams.stdout.isTTY === true && !noColor && env.TERM !== "dumb",
    ...(live
      ? {
          status: (text: string | null) => {
            if (text === null) return wipe();
            shown = true;
            streams.stderr.write(`${ERASE_LINE}${text}`);
          },
        }
      : {}),
  };
}

/** Back to the line's start, and erase it (ANSI EL 2). */
const ERASE_LINE = "\r\u001b[2K";

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;
export type Style = keyof typeof CODES;

/** Wraps text in an ANSI style when the terminal allows colour. */
export function paint(terminal: Terminal, style: Style, text: string): string {
  if (!terminal.color) return text;
  const [open, close] = CODES[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

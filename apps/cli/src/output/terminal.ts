/** Where a command writes, and whether it may use colour. */
export type Terminal = {
  out(text: string): void;
  err(text: string): void;
  color: boolean;
};

/** A stream a terminal writes to: the process's own, or a test's stand-in. */
export type OutputStream = { write(text: string): unknown; isTTY?: boolean };

/**
 * The process's own streams (or the given ones); colour only when stdout is a
 * TTY, `TERM` is not `dumb` and `NO_COLOR` is unset or empty (no-color.org:
 * any non-empty value turns colour off).
 */
export function processTerminal(
  env: Readonly<Record<string, string | undefined>> = process.env,
  streams: { stdout: OutputStream; stderr: OutputStream } = process,
): Terminal {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  return {
    out: (text) => streams.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
    err: (text) => streams.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
    color: streams.stdout.isTTY === true && !noColor && env.TERM !== "dumb",
  };
}

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

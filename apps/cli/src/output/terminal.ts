/** Where a command writes, and whether it may use colour. */
export type Terminal = {
  out(text: string): void;
  err(text: string): void;
  color: boolean;
};

/** The process's own streams; colour only on a TTY and never with NO_COLOR. */
export function processTerminal(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Terminal {
  return {
    out: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
    color: process.stdout.isTTY === true && !("NO_COLOR" in env) && env.TERM !== "dumb",
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

/** A thrown error's message without its closing period, to quote inside a sentence of our own. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.replace(/\.$/, "") : String(error);
}

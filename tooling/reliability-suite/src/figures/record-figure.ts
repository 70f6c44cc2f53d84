/**
 * Prints one measured figure of a check (calls made, peak memory, kills) as a
 * line of the test output, where `docs/reliability.md` takes its numbers from.
 */
export function recordFigure(check: string, figure: string): void {
  process.stdout.write(`[reliability] ${check}: ${figure}\n`);
}

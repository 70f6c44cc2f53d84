/**
 * Prints one measured figure of a check (calls made, peak memory, kills) as a
 * line of the test output, so a run shows what each check cost.
 */
export function recordFigure(check: string, figure: string): void {
  process.stdout.write(`[reliability] ${check}: ${figure}\n`);
}

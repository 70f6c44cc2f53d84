/**
 * Waits until `condition` holds, checking every 50 ms. The deadline is generous
 * enough for a loaded machine and only guards against a hang: the condition,
 * not the time, is what a test checks.
 */
export async function eventually(
  condition: () => boolean,
  what: string,
  deadlineMs = 30_000,
): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > deadlineMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

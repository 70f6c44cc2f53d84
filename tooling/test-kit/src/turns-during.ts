/**
 * Counts the turns the event loop takes while `work` runs: a synchronous read
 * or walk lets none happen, so a test can tell one that yields from one that
 * holds every other caller, without timing anything.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const count = () => {
    if (!counting) return;
    turns++;
    setImmediate(count);
  };
  setImmediate(count);
  const value = await work();
  counting = false;
  return { value, turns };
}

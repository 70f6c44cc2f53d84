/**
 * Runs `work` while sampling this process's resident memory; returns its
 * result and how far memory rose above where it started.
 */
export async function measureRssGrowth<T>(
  work: () => Promise<T>,
): Promise<{ value: T; growthBytes: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, growthBytes: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

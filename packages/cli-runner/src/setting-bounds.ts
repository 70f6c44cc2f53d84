/** The accepted range of one numeric setting, whole numbers only. */
export interface SettingBounds {
  min: number;
  max: number;
  /** What the number counts, for messages: "ms", "bytes", "workers". */
  unit: string;
}

/**
 * Node's timers hold a signed 32-bit delay: anything above fires at once, so
 * a longer timeout would end every run immediately.
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * The bounds of every numeric setting the runner and its hosts take, from
 * options and the environment alike. Output is kept as a JavaScript string,
 * whose length V8 caps near 512 MiB, so the cap per stream stays well below.
 */
export const SETTING_BOUNDS = {
  timeoutMs: { min: 1, max: MAX_TIMER_MS, unit: "ms" },
  maxOutputBytes: { min: 1, max: 256 * 1024 * 1024, unit: "bytes" },
  discoveryTtlMs: { min: 0, max: 24 * 60 * 60 * 1000, unit: "ms" },
  poolSize: { min: 0, max: 32, unit: "workers" },
  cliConcurrency: { min: 1, max: 64, unit: "runs at once" },
} as const satisfies Record<string, SettingBounds>;

/**
 * Why `value` is not an acceptable `name` (a sentence naming the setting, the
 * value and the accepted range), or undefined when it is a whole number within
 * `bounds`. `value` may be a number (an option) or text (an environment
 * variable; surrounding spaces are not forgiven).
 */
export function findSettingProblem(
  name: string,
  value: number | string,
  bounds: SettingBounds,
): string | undefined {
  const number = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (Number.isSafeInteger(number) && number >= bounds.min && number <= bounds.max) {
    return undefined;
  }
  const shown = typeof value === "number" ? String(value) : JSON.stringify(value);
  return `${name} is ${shown}; it must be a whole number from ${bounds.min} to ${bounds.max} (${bounds.unit}).`;
}

/**
 * 7,000 keys (`k0000: 1` …, the last `k6999`) in 64 KiB: far more structure
 * than a person writes, which takes the YAML parser seconds of the event loop.
 */
export const MANY_YAML_KEYS = `${Array.from({ length: 7000 }, (_, i) => `k${String(i).padStart(4, "0")}: 1`).join("\n")}\n`;

/** Whether any call of a counted YAML parser was given text holding `MANY_YAML_KEYS`. */
export const parsedManyKeys = (...calls: unknown[][][]) =>
  calls.flat().some(([text]) => typeof text === "string" && text.includes("k6999: 1"));

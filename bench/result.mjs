/**
 * One benchmark's figure. `value` is the headline (a median), `spread` its
 * quartiles and range, `target` the figure it must reach: `{ at: "most" |
 * "least", value }`. `valid` false (e.g. results that should be equal were
 * not) fails the target whatever the figure.
 */
export function benchResult({
  id,
  title,
  unit,
  value,
  spread,
  target,
  valid = true,
  details = {},
}) {
  const reached = target.at === "most" ? value <= target.value : value >= target.value;
  return { id, title, unit, value, spread, target, met: valid && reached, details };
}

/** The spread part of a summary: quartiles and range. */
export function spreadOf(summary) {
  const { p25, p75, min, max, n } = summary;
  return { p25, p75, min, max, n };
}

/** A result whose figure is the median candidate/baseline ratio of `measured` (from `measureRatio`), to stay at most `atMost`. */
export function ratioResult({ id, title, measured, atMost, valid = true, details = {} }) {
  return benchResult({
    id,
    title,
    unit: "ratio",
    value: measured.ratio.median,
    spread: spreadOf(measured.ratio),
    target: { at: "most", value: atMost },
    valid,
    details,
  });
}

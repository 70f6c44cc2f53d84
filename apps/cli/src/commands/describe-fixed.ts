/** A variant's fixed fields as its help and the README's command table name them: `done: true`. */
export function describeFixed(fixed: Readonly<Record<string, unknown>>): string {
  return Object.entries(fixed)
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
    .join(", ");
}

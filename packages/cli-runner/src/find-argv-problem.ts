/**
 * Why an argument list cannot be passed to the CLI, or `undefined` when it
 * can. Option-like user values are the builders' concern; this only refuses
 * what the operating system cannot pass (a NUL byte) and non-strings from
 * untyped callers.
 */
export function findArgvProblem(args: readonly unknown[]): string | undefined {
  for (const [index, arg] of args.entries()) {
    if (typeof arg !== "string") return `Argument ${index} is not a string.`;
    if (arg.includes("\0")) return `Argument ${index} contains a NUL byte.`;
  }
  return undefined;
}

/** One function of a script as V8's precise coverage reports it (NODE_V8_COVERAGE). */
export type CoveredFunction = {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
};

/**
 * How often each function enclosing `offset` of a script was called, innermost
 * first, leaving out the script itself (always run once). In a bundle, the
 * code of a module esbuild loads on demand sits in a function of its own, so
 * a zero for every function around a line of a module says its code never ran.
 */
export function callsAround(functions: readonly CoveredFunction[], offset: number): number[] {
  return functions
    .map((covered) => covered.ranges[0])
    .filter(
      (range): range is NonNullable<typeof range> =>
        range !== undefined &&
        range.startOffset > 0 &&
        range.startOffset <= offset &&
        offset < range.endOffset,
    )
    .sort((a, b) => a.endOffset - a.startOffset - (b.endOffset - b.startOffset))
    .map((range) => range.count);
}

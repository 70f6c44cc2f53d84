import { boundaryAt, type LineView, titleAt } from "./line-view.js";

/**
 * The headings directly under the heading on line `at` (of `level`), as the
 * CLI nests sections: every deeper heading not nested in an earlier one,
 * whatever its level, up to the first heading at `level` or above (`end`).
 */
export function childHeadings(
  view: LineView,
  at: number,
  level: number,
): { children: number[]; end: number } {
  const children: number[] = [];
  const openLevels: number[] = [];
  for (let index = at + 1; index < view.end; index++) {
    const childLevel = boundaryAt(view, index);
    if (childLevel === 0 || titleAt(view, index) === undefined) continue;
    if (childLevel <= level) return { children, end: index };
    while (openLevels.length > 0 && openLevels[openLevels.length - 1]! >= childLevel) {
      openLevels.pop();
    }
    if (openLevels.length === 0) children.push(index);
    openLevels.push(childLevel);
  }
  return { children, end: view.end };
}

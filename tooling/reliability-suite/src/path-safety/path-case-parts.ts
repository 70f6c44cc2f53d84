import { ESCAPING_CHANGE } from "../sandbox/make-sandbox.js";
import type { PathCase } from "./path-cases.js";

/** Spec names that try to climb out, or to pass for `auth` by case, a lookalike or trailing dots and spaces. */
export const HOSTILE_SPEC_NAMES = [
  "../outside",
  "..%2f..%2foutside",
  "%2e%2e",
  "Auth",
  "AUTH",
  "auth.",
  "auth ",
  "\u0430uth",
  "\uff0e\uff0e\uff0foutside",
  "auth/../../outside",
  "nul\u0000byte",
  "-rf",
];
export const HOSTILE_CHANGE_NAMES = [
  "../../outside",
  "..%2f..",
  "ESCAPE",
  `${ESCAPING_CHANGE}.`,
  "add-dark-mode/../../..",
];

export const refused = { refused: true } as const;
export const refusedAs = (code: string) => ({ refused: true, code }) as const;
export const contained = { refused: false } as const;
export type CaseRow = [
  what: string,
  tool: string,
  args: Record<string, unknown>,
  expect: PathCase["expect"],
];
export const fromRows = (rows: CaseRow[]): PathCase[] =>
  rows.map(([what, tool, args, expect]) => ({ what, tool, args, expect }));

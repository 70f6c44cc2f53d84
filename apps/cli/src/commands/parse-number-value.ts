import { InvalidArgumentError } from "commander";

/**
 * A flag or argument value read as a number. Anything that is not one is a
 * usage error (exit 2); range and whole-number checks stay with the tool's schema.
 */
export function parseNumberValue(value: string): number {
  const parsed = value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isFinite(parsed)) throw new InvalidArgumentError("Not a number.");
  return parsed;
}

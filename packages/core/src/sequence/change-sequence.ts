// What a change's place in a sequence is, as kept in its `.openspec.yaml`
// under `sequence:` (docs/change-sequences.md says why there): read back
// tolerantly, since the file is repository content anyone may have edited.
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { parseUntrusted } from "../parse-untrusted.js";

/** A change's place in a sequence: its group, its position there (1 first), and the changes it needs first. */
export type ChangeSequence = { group: string; position: number; depends_on: string[] };

/** A group name: letters, digits, dots, underscores and hyphens, as a change name. */
export const GROUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** A change name read from the file: one plain folder name, never a path. */
const CHANGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

const storedSequence = builtOnFirstUse(() =>
  z.object({
    group: z.string().regex(GROUP_NAME),
    position: z.number().int().min(1).max(1_000_000),
    depends_on: z
      .array(
        z
          .string()
          .regex(CHANGE_NAME)
          .refine((name) => name !== "archive"),
      )
      .max(1000)
      .optional(),
  }),
);

/**
 * The `sequence:` block of a parsed `.openspec.yaml`, or null when it has
 * none or one this does not understand (a hand edit gone wrong is ignored,
 * never trusted as a path).
 */
export function sequenceFromMetadata(metadata: unknown): ChangeSequence | null {
  if (typeof metadata !== "object" || metadata === null || !("sequence" in metadata)) return null;
  const parsed = parseUntrusted(storedSequence(), metadata.sequence);
  if (parsed === undefined) return null;
  const { group, position, depends_on } = parsed;
  return { group, position, depends_on: [...new Set(depends_on ?? [])] };
}

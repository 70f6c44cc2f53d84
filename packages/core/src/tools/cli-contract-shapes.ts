// The shapes of the OpenSpec CLI's machine-readable answers that typed tools
// pass through, as the CLI's agent contract documents them (doctor, schemas,
// schema which; store list is in list-openspec-stores.ts). Keys a newer CLI
// adds are allowed and kept; a missing or retyped key is a changed contract,
// which the tools answer as `cli_output_unexpected` rather than guess.
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";

/** The diagnostic envelope every status array holds. */
const diagnostic = builtOnFirstUse(() =>
  z.object({
    severity: z.string(),
    code: z.string(),
    message: z.string(),
    target: z.string().optional(),
    fix: z.string().optional(),
  }),
);

/** `openspec doctor --json` on success. */
export const doctorOutput = builtOnFirstUse(() =>
  z.object({
    root: z.object({
      path: z.string(),
      source: z.string(),
      store_id: z.string().optional(),
      healthy: z.boolean(),
      status: z.array(diagnostic()),
    }),
    store: z
      .object({
        id: z.string(),
        metadata: z.object({ present: z.boolean(), valid: z.boolean() }),
        status: z.array(diagnostic()),
      })
      .nullable(),
    references: z.array(z.unknown()),
    status: z.array(diagnostic()),
  }),
);

/** `openspec schemas --json`: a plain array. */
export const schemasOutput = builtOnFirstUse(() =>
  z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      artifacts: z.array(z.string()),
      source: z.string(),
    }),
  ),
);

/** `openspec schema which <name> --json`. */
export const schemaWhichOutput = builtOnFirstUse(() =>
  z.object({
    name: z.string(),
    source: z.string(),
    path: z.string(),
    shadows: z.array(z.unknown()),
  }),
);

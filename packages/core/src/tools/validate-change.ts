import type { Repository } from "@org/openspec-artifacts";
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import type { CatalogContext } from "../catalog-context.js";
import type { ResultBlock } from "../tool-presentation.js";

/** What `openspec validate <name> --type change --strict` said, as writing tools answer it. */
export const validationSchema = builtOnFirstUse(() =>
  z
    .strictObject({
      valid: z.boolean(),
      issues: z.array(
        z.strictObject({
          level: z.string().describe("ERROR, WARNING or INFO."),
          path: z.string(),
          message: z.string(),
          line: z.number().int().optional(),
        }),
      ),
    })
    .describe(
      "What `openspec validate <name> --type change --strict` said about the written change.",
    ),
);

export type Validation = z.output<ReturnType<typeof validationSchema>>;

/** Runs `openspec validate <name> --type change --strict` on a change just written. */
export async function validateChange(
  context: CatalogContext,
  repository: Repository,
  name: string,
): Promise<{ validation: Validation | null; note?: string }> {
  const { validateArgs } = await import("@org/openspec-cli-runner");
  const args = validateArgs({ item: name, type: "change", strict: true });
  if (!args.ok)
    return { validation: null, note: notValidated("the name cannot be passed to the CLI") };
  const run = await context.runCli(args.args, repository.root);
  // The report's first item, read as the answer gives it: the CLI's other keys left out.
  const issue = z.object(validationSchema().shape.issues.element.shape);
  const report = z
    .object({ items: z.array(z.object({ valid: z.boolean(), issues: z.array(issue) })) })
    .safeParse(run.stdout);
  const item = report.success ? report.data.items[0] : undefined;
  if (item === undefined) {
    return { validation: null, note: notValidated(run.ok ? "no report" : run.error) };
  }
  return { validation: item };
}

export function notValidated(reason: string | null): string {
  return `The change was written but not validated (${reason ?? "no openspec/ folder"}); call {tool:openspec_validate} with its name once the OpenSpec CLI is available.`;
}

export function renderValidation(
  validation: Validation | null,
  note: string | undefined,
): ResultBlock[] {
  if (validation === null) return note === undefined ? [] : [{ kind: "notice", text: note }];
  return [
    validation.valid
      ? { kind: "text", text: "validate --strict: valid", tone: "good" }
      : {
          kind: "text",
          text: "written, but it does not validate (validate --strict):",
          tone: "bad",
        },
    // Every issue, the CLI's INFO notes too (a header validation ignored, say).
    ...validation.issues.map(
      (issue): ResultBlock => ({
        kind: "text",
        text: `${issue.level.toLowerCase()} ${issue.path}: ${issue.message}`,
        tone: issue.level === "ERROR" ? "bad" : issue.level === "INFO" ? "dim" : "warning",
      }),
    ),
  ];
}

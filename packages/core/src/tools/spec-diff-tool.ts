import { z } from "zod";
import { detailField, nameField, repositoryTargetFields } from "../input-fields.js";
import { pageInputFields, pageList, pageSchema } from "../page-list.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { toolFailure } from "../tool-result.js";
import { capSpecDiff } from "./cap-spec-diff.js";
import { countErrors } from "./count-errors.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { renderDiagnostics } from "./render-diagnostics.js";
import { renderSpecDiff } from "./render-spec-diff.js";
import { restNotice } from "./rest-notice.js";
import { singleSpecDiff, singleSpecDiffFields } from "./single-spec-diff.js";
import { specDiffSchemas } from "./spec-diff-output.js";
import { withRequirementStatus } from "./with-requirement-status.js";

/** Delta specs per page by default; each one is capped too (capSpecDiff), so a page stays under 2,000 tokens. */
const SPECS_PER_PAGE = 2;

export const specDiffTool = defineTool({
  name: "openspec_spec_diff",
  description:
    "Preview what a change's delta specs do to the baseline specs; with `from_git`, a spec against git HEAD.",
  notes:
    "Show what a change will do to the baseline specs, without the OpenSpec CLI and without writing anything: for each of the change's delta specs (or only `spec`), the requirements it adds, modifies, removes or renames (with the scenarios added, removed and changed), and a unified diff of openspec/specs/<id>/spec.md against exactly what `openspec archive` would write. Problems the archive would refuse (MODIFIED of a missing requirement, ADDED of an existing one, a rename onto an existing name) are diagnostics with the CLI's wording; `errors` counts them, 0 means the archive would accept every delta. A baseline spec or archive folder the archive would write through a symlink out of the repository is refused with path_outside_repository, as the archive is. With from_git: true and spec instead of change (or spec alone): the baseline spec in the working tree against its version at git HEAD. Specs come 2 a page (`page`, `limit`, `offset`); each lists its first 8 requirement changes and a unified diff cut at a line's end within 2,000 bytes, with truncated (and the diff's size) when cut: detail full keeps both whole, detail summary leaves the diffs out. A call that names a spec also gets that spec at the top level, in the form the earlier Hermes plugin answered: spec, status (added for a spec the change creates, modified, unchanged, or invalid when the archive would refuse its delta), baseline_exists, requirements grouped by status (added, modified, removed, renamed; each entry as in specs[].requirements) and line_diff (its unified_diff).",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("Active change.").optional(),
        spec: nameField("Only this spec id.").optional(),
        from_git: z.boolean().optional().describe("Compare `spec` with git HEAD instead."),
        ...pageInputFields(),
        detail: detailField(),
      })
      .strict(),
  outputSchema: () => {
    const { specDiffSchema, changeDiffDiagnosticSchema } = specDiffSchemas();
    return z.strictObject({
      ok: z.literal(true),
      change: z.string().nullable().describe("The change applied; null with from_git."),
      from_git: z.boolean().describe("Whether this compares the working tree with git HEAD."),
      specs: z.array(specDiffSchema).describe("One entry per delta spec (or the one spec), by id."),
      diagnostics: z
        .array(changeDiffDiagnosticSchema)
        .describe("Findings about the change as a whole; empty with from_git."),
      page: pageSchema(),
      errors: z
        .number()
        .int()
        .describe(
          "Error diagnostics here and in the specs: problems that make `openspec archive` refuse; 0 when it would accept.",
        ),
      ...singleSpecDiffFields(),
    });
  },
  requiresCli: false,
  annotations: readOnlyTool("Diff a change's specs against the baselines"),
  presentation: {
    command: ["diff"],
    summary: "what a change does to the specs: requirements and a unified diff (--git: since HEAD)",
    arguments: ["change"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    valueFlags: [{ flag: "git", field: "from_git", value: true }],
    render(result) {
      const blocks: ResultBlock[] = [
        {
          kind: "heading",
          text:
            result.change === null
              ? "working tree against HEAD"
              : `change ${result.change}: ${result.specs.length} spec${result.specs.length === 1 ? "" : "s"}`,
        },
      ];
      if (result.specs.length === 0) {
        blocks.push({ kind: "text", text: "(the change has no delta specs)", tone: "dim" });
      }
      blocks.push(...renderDiagnostics(result.diagnostics));
      for (const spec of result.specs) blocks.push(...renderSpecDiff(spec));
      if (result.change !== null && result.errors > 0) {
        blocks.push({
          kind: "text",
          text: `{openspec} archive would refuse this change: ${result.errors} error${result.errors === 1 ? "" : "s"} above`,
          tone: "bad",
        });
      }
      return [...blocks, ...restNotice(result.page)];
    },
  },
  async handler(input, context) {
    // A spec without a change is compared with git HEAD, as the earlier Hermes plugin did.
    const fromGit = input.from_git ?? (input.change === undefined && input.spec !== undefined);
    const invalid = checkMode(input.change, input.spec, fromGit);
    if (invalid) return invalid;
    const { diffChangeSpecs, diffSpecAtHead } = await import("@org/openspec-artifacts");
    const { resolveRepository } = await import("../resolve-repository.js");
    const target = await resolveRepository(context, input);
    if (!target.ok) return target;
    const maxBytes = context.maxArtifactBytes;
    if (fromGit) {
      const diffed = await diffSpecAtHead(target.repository, {
        spec: input.spec as string,
        maxBytes,
        env: context.env,
      });
      if (!diffed.ok) return fromArtifactFailure(diffed);
      const { ok: _ok, ...spec } = diffed;
      const diffedSpec = capSpecDiff(withRequirementStatus(spec), input.detail);
      const { items, page } = pageList([diffedSpec], input, SPECS_PER_PAGE);
      return {
        ok: true,
        change: null,
        from_git: true,
        specs: items,
        diagnostics: [],
        errors: countErrors([spec]),
        page,
        ...singleSpecDiff(diffedSpec),
      };
    }
    const change = input.change as string;
    const diffed = await diffChangeSpecs(target.repository, { change, spec: input.spec, maxBytes });
    if (!diffed.ok) return fromArtifactFailure(diffed);
    const { items, page } = pageList(diffed.specs, input, SPECS_PER_PAGE);
    const specs = items.map((spec) => capSpecDiff(withRequirementStatus(spec), input.detail));
    const [only] = specs;
    return {
      ok: true,
      change,
      from_git: false,
      specs,
      diagnostics: diffed.diagnostics,
      // Every spec's errors, not only this page's: the count says whether the archive would refuse.
      errors: countErrors([...diffed.specs, { diagnostics: diffed.diagnostics }]),
      page,
      // The earlier Hermes plugin's form, for a call that names one spec.
      ...(input.spec !== undefined && only !== undefined ? singleSpecDiff(only) : {}),
    };
  },
});

/** Exactly one of: a change (with or without spec), or from_git with spec. */
function checkMode(change: string | undefined, spec: string | undefined, fromGit: boolean) {
  if (fromGit && change !== undefined) {
    return toolFailure(
      "invalid_input",
      "{field:change} and {field:from_git=true} cannot be combined: a change is compared with the baselines, from_git compares a baseline with git HEAD.",
      "Pass {field:change} (optionally with {field:spec}), or {field:from_git=true} with {field:spec}, not both.",
    );
  }
  if (fromGit && spec === undefined) {
    return toolFailure(
      "invalid_input",
      "{field:from_git=true} needs {field:spec}, the spec to compare with git HEAD.",
      "Pass {field:spec} with {field:from_git=true}, e.g. {field:spec=auth}.",
    );
  }
  if (!fromGit && change === undefined) {
    return toolFailure(
      "invalid_input",
      "Nothing to diff: the spec is required unless a change is given.",
      "Pass {field:change} (an active change, see {tool:openspec_list}), or {field:from_git=true} with {field:spec} to compare a spec with git HEAD.",
    );
  }
  return null;
}

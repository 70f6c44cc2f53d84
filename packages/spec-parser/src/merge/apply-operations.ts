import { readDeltaRequirementHeader } from "../delta/requirement-header.js";
import { foldName, requirementKey } from "./merge-lines.js";
import type { DeltaOperationResult, MergeDiagnostic } from "./merge-types.js";
import type { DeltaPlan } from "./read-delta-plan.js";
import type { RequirementBlock } from "./requirement-block.js";
import { describeScenarioBalance, scenarioBalance } from "./scenario-balance.js";

export type AppliedOperations = {
  /** Requirement blocks by key, in the CLI's map order (a rename moves its entry to the end). */
  blocks: Map<string, RequirementBlock>;
  /** Per baseline block, the key it is filed under now (a rename rewrites its slot). */
  orderedKeys: string[];
  operations: DeltaOperationResult[];
  warnings: string[];
};

type State = AppliedOperations & { specId: string; isNewSpec: boolean };
type Refusal = MergeDiagnostic | null;

const sameText = (left: string, right: string) =>
  left.replace(/\r\n?/g, "\n").trim() === right.replace(/\r\n?/g, "\n").trim();

const refusal = (code: MergeDiagnostic["code"], message: string): MergeDiagnostic => ({
  code,
  severity: "error",
  message,
});

/** An existing key other than `except` that differs from `key` only in case or spacing. */
function nearMiss(state: State, key: string, except?: string): string | undefined {
  return [...state.blocks.keys()].find(
    (other) => other !== except && foldName(other) === foldName(key),
  );
}

const nameOf = (state: State, key: string) => state.blocks.get(key)!.name;

function applyRenames(state: State, plan: DeltaPlan): Refusal {
  const { specId, blocks } = state;
  for (const rename of plan.renamed) {
    const from = requirementKey(rename.from);
    const to = requirementKey(rename.to);
    const header = (name: string) =>
      `${specId} RENAMED failed for header "### Requirement: ${name}"`;
    if (!blocks.has(from)) {
      // Source gone and target present: the rename was synced early.
      if (!blocks.has(to)) {
        return refusal("rename_source_missing", `${header(rename.from)} - source not found`);
      }
      const typo = nearMiss(state, from, to);
      if (typo !== undefined) {
        return refusal(
          "rename_source_missing",
          `${header(rename.from)} - source not found, but "### Requirement: ${nameOf(state, typo)}" exists; fix the header to match it exactly`,
        );
      }
      state.operations.push({
        name: rename.to,
        operation: "RENAMED",
        from: rename.from,
        applied: false,
      });
      continue;
    }
    if (blocks.has(to)) {
      return refusal("rename_target_exists", `${header(rename.to)} - target already exists`);
    }
    const twin = nearMiss(state, to, from);
    if (twin !== undefined) {
      return refusal(
        "rename_target_exists",
        `${header(rename.to)} - "### Requirement: ${nameOf(state, twin)}" already exists and differs only in case or spacing; choose a distinct name`,
      );
    }
    const lines = blocks.get(from)!.raw.split("\n");
    const headerLine = `### Requirement: ${to}`;
    lines[0] = headerLine;
    blocks.delete(from);
    blocks.set(to, { headerLine, name: to, raw: lines.join("\n") });
    const slot = state.orderedKeys.indexOf(from);
    if (slot >= 0) state.orderedKeys[slot] = to;
    state.operations.push({
      name: rename.to,
      operation: "RENAMED",
      from: rename.from,
      applied: true,
    });
  }
  return null;
}

function applyRemovals(state: State, plan: DeltaPlan): Refusal {
  for (const { name } of plan.removed) {
    const key = requirementKey(name);
    if (state.blocks.delete(key)) {
      state.operations.push({ name, operation: "REMOVED", applied: true });
      continue;
    }
    if (!state.isNewSpec) {
      const typo = nearMiss(state, key);
      if (typo !== undefined) {
        return refusal(
          "removed_spelled_differently",
          `${state.specId} REMOVED failed for header "### Requirement: ${name}" - not found, but "### Requirement: ${nameOf(state, typo)}" exists; fix the header to match it exactly`,
        );
      }
      state.warnings.push(
        `${state.specId} - REMOVED requirement "${name}" is not in the current spec; treating it as already removed.`,
      );
    }
    state.operations.push({ name, operation: "REMOVED", applied: false });
  }
  return null;
}

function applyModifications(state: State, plan: DeltaPlan): Refusal {
  for (const block of plan.modified) {
    const key = requirementKey(block.name);
    const header = `${state.specId} MODIFIED failed for header "### Requirement: ${block.name}"`;
    const current = state.blocks.get(key);
    if (current === undefined) return refusal("modified_missing", `${header} - not found`);
    // The block's name was stripped of one closing `#` run, the key of two.
    if (readDeltaRequirementHeader(block.raw.split("\n")[0]!) !== key) {
      return refusal("modified_header_mismatch", `${header} - header mismatch in content`);
    }
    const balance = scenarioBalance(current.raw, block.raw);
    if (balance.missing.length > 0) {
      return refusal(
        "modified_drops_scenarios",
        `${header} - current spec contains scenario(s) not present in the modified block: ${balance.missing.map((name) => `"${name}"`).join(", ")}. ${describeScenarioBalance(balance)} Refresh the change spec before archiving to avoid dropping scenarios.`,
      );
    }
    state.operations.push({
      name: block.name,
      operation: "MODIFIED",
      applied: !sameText(current.raw, block.raw),
    });
    state.blocks.set(key, block);
  }
  return null;
}

function applyAdditions(state: State, plan: DeltaPlan): Refusal {
  for (const block of plan.added) {
    const key = requirementKey(block.name);
    const header = `${state.specId} ADDED failed for header "### Requirement: ${block.name}"`;
    const existing = state.blocks.get(key);
    if (existing !== undefined) {
      if (!sameText(existing.raw, block.raw))
        return refusal("added_exists", `${header} - already exists`);
      state.operations.push({ name: block.name, operation: "ADDED", applied: false });
      continue;
    }
    const twin = nearMiss(state, key);
    if (twin !== undefined) {
      return refusal(
        "added_exists",
        `${header} - "### Requirement: ${nameOf(state, twin)}" already exists and differs only in case or spacing; use MODIFIED with that exact header to change it, or choose a distinct name`,
      );
    }
    state.blocks.set(key, block);
    state.operations.push({ name: block.name, operation: "ADDED", applied: true });
  }
  return null;
}

/**
 * RENAMED, then REMOVED, then MODIFIED, then ADDED, on the baseline's blocks,
 * with the archive's rules: an entry the baseline already reflects is a no-op,
 * and a name that differs from an existing one only in case or spacing is a
 * refusal, not a second requirement. The first refusal stops the merge, as in
 * the CLI.
 */
export function applyOperations(
  specId: string,
  plan: DeltaPlan,
  baseline: RequirementBlock[],
  isNewSpec: boolean,
): { ok: true; value: AppliedOperations } | { ok: false; diagnostic: MergeDiagnostic } {
  const blocks = new Map<string, RequirementBlock>();
  for (const block of baseline) blocks.set(requirementKey(block.name), block);
  const state: State = {
    specId,
    isNewSpec,
    blocks,
    orderedKeys: baseline.map((block) => requirementKey(block.name)),
    operations: [],
    warnings: [],
  };
  const refused =
    applyRenames(state, plan) ??
    applyRemovals(state, plan) ??
    applyModifications(state, plan) ??
    applyAdditions(state, plan);
  if (refused !== null) return { ok: false, diagnostic: refused };
  const { operations, orderedKeys, warnings } = state;
  return { ok: true, value: { blocks, orderedKeys, operations, warnings } };
}

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

const sameText = (left: string, right: string) =>
  left.replace(/\r\n?/g, "\n").trim() === right.replace(/\r\n?/g, "\n").trim();

class Refusal extends Error {
  constructor(
    readonly code: MergeDiagnostic["code"],
    message: string,
  ) {
    super(message);
  }
}

/**
 * RENAMED, then REMOVED, then MODIFIED, then ADDED, on the baseline's blocks,
 * with the archive's rules: an entry the baseline already reflects is a no-op,
 * and a name that differs from an existing one only in case or spacing is a
 * refusal, not a second requirement.
 */
export function applyOperations(
  specId: string,
  plan: DeltaPlan,
  baseline: RequirementBlock[],
  isNewSpec: boolean,
): { ok: true; value: AppliedOperations } | { ok: false; diagnostic: MergeDiagnostic } {
  const blocks = new Map<string, RequirementBlock>();
  for (const block of baseline) blocks.set(requirementKey(block.name), block);
  const orderedKeys = baseline.map((block) => requirementKey(block.name));
  const operations: DeltaOperationResult[] = [];
  const warnings: string[] = [];
  const nearMiss = (key: string, except?: string) =>
    [...blocks.keys()].find((other) => other !== except && foldName(other) === foldName(key));
  const existingName = (key: string) => blocks.get(key)!.name;
  try {
    for (const rename of plan.renamed) {
      const from = requirementKey(rename.from);
      const to = requirementKey(rename.to);
      if (!blocks.has(from)) {
        if (!blocks.has(to)) {
          throw new Refusal(
            "rename_source_missing",
            `${specId} RENAMED failed for header "### Requirement: ${rename.from}" - source not found`,
          );
        }
        const typo = nearMiss(from, to);
        if (typo !== undefined) {
          throw new Refusal(
            "rename_source_missing",
            `${specId} RENAMED failed for header "### Requirement: ${rename.from}" - source not found, but "### Requirement: ${existingName(typo)}" exists; fix the header to match it exactly`,
          );
        }
        operations.push({
          name: rename.to,
          operation: "RENAMED",
          from: rename.from,
          applied: false,
        });
        continue;
      }
      if (blocks.has(to)) {
        throw new Refusal(
          "rename_target_exists",
          `${specId} RENAMED failed for header "### Requirement: ${rename.to}" - target already exists`,
        );
      }
      const twin = nearMiss(to, from);
      if (twin !== undefined) {
        throw new Refusal(
          "rename_target_exists",
          `${specId} RENAMED failed for header "### Requirement: ${rename.to}" - "### Requirement: ${existingName(twin)}" already exists and differs only in case or spacing; choose a distinct name`,
        );
      }
      const lines = blocks.get(from)!.raw.split("\n");
      const headerLine = `### Requirement: ${to}`;
      lines[0] = headerLine;
      blocks.delete(from);
      blocks.set(to, { headerLine, name: to, raw: lines.join("\n") });
      const slot = orderedKeys.indexOf(from);
      if (slot >= 0) orderedKeys[slot] = to;
      operations.push({ name: rename.to, operation: "RENAMED", from: rename.from, applied: true });
    }
    for (const { name } of plan.removed) {
      const key = requirementKey(name);
      if (blocks.has(key)) {
        blocks.delete(key);
        operations.push({ name, operation: "REMOVED", applied: true });
        continue;
      }
      if (!isNewSpec) {
        const typo = nearMiss(key);
        if (typo !== undefined) {
          throw new Refusal(
            "removed_spelled_differently",
            `${specId} REMOVED failed for header "### Requirement: ${name}" - not found, but "### Requirement: ${existingName(typo)}" exists; fix the header to match it exactly`,
          );
        }
        warnings.push(
          `${specId} - REMOVED requirement "${name}" is not in the current spec; treating it as already removed.`,
        );
      }
      operations.push({ name, operation: "REMOVED", applied: false });
    }
    for (const block of plan.modified) {
      const key = requirementKey(block.name);
      const current = blocks.get(key);
      if (current === undefined) {
        throw new Refusal(
          "modified_missing",
          `${specId} MODIFIED failed for header "### Requirement: ${block.name}" - not found`,
        );
      }
      if (readDeltaRequirementHeader(block.raw.split("\n")[0]!) !== key) {
        throw new Refusal(
          "modified_header_mismatch",
          `${specId} MODIFIED failed for header "### Requirement: ${block.name}" - header mismatch in content`,
        );
      }
      const balance = scenarioBalance(current.raw, block.raw);
      if (balance.missing.length > 0) {
        throw new Refusal(
          "modified_drops_scenarios",
          `${specId} MODIFIED failed for header "### Requirement: ${block.name}" - current spec contains scenario(s) not present in the modified block: ${balance.missing.map((name) => `"${name}"`).join(", ")}. ${describeScenarioBalance(balance)} Refresh the change spec before archiving to avoid dropping scenarios.`,
        );
      }
      operations.push({
        name: block.name,
        operation: "MODIFIED",
        applied: !sameText(current.raw, block.raw),
      });
      blocks.set(key, block);
    }
    for (const block of plan.added) {
      const key = requirementKey(block.name);
      const existing = blocks.get(key);
      if (existing !== undefined) {
        if (sameText(existing.raw, block.raw)) {
          operations.push({ name: block.name, operation: "ADDED", applied: false });
          continue;
        }
        throw new Refusal(
          "added_exists",
          `${specId} ADDED failed for header "### Requirement: ${block.name}" - already exists`,
        );
      }
      const twin = nearMiss(key);
      if (twin !== undefined) {
        throw new Refusal(
          "added_exists",
          `${specId} ADDED failed for header "### Requirement: ${block.name}" - "### Requirement: ${existingName(twin)}" already exists and differs only in case or spacing; use MODIFIED with that exact header to change it, or choose a distinct name`,
        );
      }
      blocks.set(key, block);
      operations.push({ name: block.name, operation: "ADDED", applied: true });
    }
  } catch (thrown) {
    if (!(thrown instanceof Refusal)) throw thrown;
    return {
      ok: false,
      diagnostic: { code: thrown.code, severity: "error", message: thrown.message },
    };
  }
  return { ok: true, value: { blocks, orderedKeys, operations, warnings } };
}

import { parseSpec, type Requirement, type SpecDiagnostic } from "@org/openspec-spec-parser";

export type RequirementOperation = "ADDED" | "MODIFIED" | "REMOVED" | "RENAMED";

/** One entry of a delta spec: what happens to which requirement. */
export type DeltaEntry = { operation: RequirementOperation; name: string; from?: string };

/** What happened to one requirement between two versions of a spec. */
export type RequirementChange = {
  /** The requirement's name after the change (its old name for REMOVED). */
  name: string;
  operation: RequirementOperation;
  /** RENAMED: the name it had. */
  from?: string;
  /** Scenarios by name; absent when neither version of the requirement could be read. */
  scenarios?: { added: string[]; removed: string[]; changed: string[] };
  /** Whether the text above its scenarios differs (always true for ADDED and REMOVED). */
  text_changed: boolean;
};

export type RequirementComparison = {
  requirements: RequirementChange[];
  /** Why a version could not be read as a spec (its requirements then count as none). */
  diagnostics: SpecDiagnostic[];
};

type Side = ReadonlyMap<string, Requirement> | null;

/**
 * The requirements that differ between two texts of one spec. With the
 * delta's `operations` those are taken as they are (each enriched with the
 * scenarios added, removed and changed); without them the operations are
 * inferred: a name only in `after` is ADDED, only in `before` REMOVED, in
 * both but different MODIFIED, and a removed requirement whose text and
 * scenarios reappear unchanged under a new name RENAMED. `after` is null
 * when the merged text could not be made: the operations are then listed
 * without the comparison. A text that cannot be read as a spec adds a
 * diagnostic, and its side is not compared.
 */
export function compareSpecRequirements(input: {
  before: string;
  after: string | null;
  operations?: readonly DeltaEntry[];
}): RequirementComparison {
  const diagnostics: SpecDiagnostic[] = [];
  const before = readRequirements(input.before, "The baseline", diagnostics);
  const after =
    input.after === null ? null : readRequirements(input.after, "The result", diagnostics);
  const requirements = input.operations
    ? fromOperations(input.operations, before, after)
    : before === null || after === null
      ? []
      : inferred(before, after);
  return { requirements, diagnostics };
}

function readRequirements(text: string, which: string, diagnostics: SpecDiagnostic[]): Side {
  if (text.trim() === "") return new Map();
  const parsed = parseSpec(text);
  if (!parsed.ok) {
    for (const entry of parsed.diagnostics.filter((found) => found.severity === "error")) {
      const message = `${which} cannot be read as a spec, so its requirements are not compared: ${entry.message}`;
      diagnostics.push({ ...entry, message });
    }
    return null;
  }
  const byName = new Map<string, Requirement>();
  // The first of two requirements with one name is the one an archive matches.
  for (const requirement of parsed.value.requirements) {
    if (!byName.has(requirement.name)) byName.set(requirement.name, requirement);
  }
  return byName;
}

function fromOperations(
  operations: readonly DeltaEntry[],
  before: Side,
  after: Side,
): RequirementChange[] {
  const renamedTo = new Map<string, DeltaEntry>();
  for (const operation of operations) {
    if (operation.operation === "RENAMED") renamedTo.set(operation.name, operation);
  }
  const changes: RequirementChange[] = [];
  for (const operation of operations) {
    // A requirement renamed and then modified is one change: its rename, with the new text compared to the old.
    if (operation.operation === "MODIFIED" && renamedTo.has(operation.name)) continue;
    const oldName = operation.operation === "RENAMED" ? operation.from : operation.name;
    const old =
      operation.operation === "ADDED" || oldName === undefined ? none : lookUp(before, oldName);
    const now = operation.operation === "REMOVED" ? none : lookUp(after, operation.name);
    changes.push({
      name: operation.name,
      operation: operation.operation,
      ...(operation.from === undefined ? {} : { from: operation.from }),
      ...compared(old, now),
    });
  }
  return changes;
}

// A requirement that is not there, as opposed to one in a text that could not be read.
const none = Symbol("none");
type Found = Requirement | typeof none | undefined;

function lookUp(side: Side, name: string): Found {
  if (side === null) return undefined;
  return side.get(name) ?? none;
}

function inferred(
  before: ReadonlyMap<string, Requirement>,
  after: ReadonlyMap<string, Requirement>,
): RequirementChange[] {
  const gone = [...before.values()].filter((requirement) => !after.has(requirement.name));
  const changes: RequirementChange[] = [];
  for (const requirement of after.values()) {
    const old = before.get(requirement.name);
    if (old) {
      if (!sameRequirement(old, requirement)) {
        changes.push({
          name: requirement.name,
          operation: "MODIFIED",
          ...compared(old, requirement),
        });
      }
      continue;
    }
    const renamedFrom = gone.findIndex((candidate) => sameRequirement(candidate, requirement));
    if (renamedFrom >= 0) {
      const [from] = gone.splice(renamedFrom, 1) as [Requirement];
      changes.push({
        name: requirement.name,
        operation: "RENAMED",
        from: from.name,
        ...compared(from, requirement),
      });
    } else {
      changes.push({ name: requirement.name, operation: "ADDED", ...compared(none, requirement) });
    }
  }
  for (const requirement of gone) {
    changes.push({ name: requirement.name, operation: "REMOVED", ...compared(requirement, none) });
  }
  return changes;
}

function sameRequirement(one: Requirement, other: Requirement): boolean {
  return (
    one.description === other.description &&
    one.scenarios.length === other.scenarios.length &&
    one.scenarios.every(
      (scenario, index) =>
        scenario.name === other.scenarios[index]?.name &&
        scenario.rawText === other.scenarios[index]?.rawText,
    )
  );
}

function compared(old: Found, now: Found): Pick<RequirementChange, "scenarios" | "text_changed"> {
  if (old === undefined || now === undefined || (old === none && now === none)) {
    return { text_changed: false };
  }
  const oldScenarios = old === none ? [] : old.scenarios;
  const newScenarios = now === none ? [] : now.scenarios;
  const oldByName = new Map(oldScenarios.map((scenario) => [scenario.name, scenario.rawText]));
  const newNames = new Set(newScenarios.map((scenario) => scenario.name));
  return {
    scenarios: {
      added: unique(newScenarios.filter((scenario) => !oldByName.has(scenario.name))),
      removed: unique(oldScenarios.filter((scenario) => !newNames.has(scenario.name))),
      changed: unique(
        newScenarios.filter(
          (scenario) =>
            oldByName.has(scenario.name) && oldByName.get(scenario.name) !== scenario.rawText,
        ),
      ),
    },
    text_changed: old === none || now === none || old.description !== now.description,
  };
}

function unique(scenarios: readonly { name: string }[]): string[] {
  return [...new Set(scenarios.map((scenario) => scenario.name))];
}

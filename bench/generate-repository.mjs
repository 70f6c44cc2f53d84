import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The large repository (context-speed and most others): 2,000 active changes, 500 archived changes, 1,000 specs of 4 requirements. */
export const LARGE_REPOSITORY = { changes: 2000, archived: 500, specs: 1000, requirements: 4 };

/** The repository of cli-call-bursts and concurrent-cli-calls, where `list` has 20 changes to read. */
export const TWENTY_CHANGE_REPOSITORY = { changes: 20, archived: 5, specs: 10, requirements: 4 };

const pad = (n) => String(n).padStart(4, "0");

/** A main spec with `count` requirements, each with one scenario, as `openspec validate --strict` accepts. */
export function specMarkdown(id, count) {
  const requirements = Array.from({ length: count }, (_, r) =>
    [
      `### Requirement: ${id} rule ${r + 1}`,
      `The system SHALL apply rule ${r + 1} of ${id} to every request it receives.`,
      "",
      `#### Scenario: Rule ${r + 1} holds`,
      `- **GIVEN** a request for ${id}`,
      "- **WHEN** the system handles it",
      `- **THEN** rule ${r + 1} is applied`,
      "",
    ].join("\n"),
  );
  return [
    `# ${id}`,
    "",
    "## Purpose",
    "",
    `Describe how ${id} behaves for every client of the service, in enough detail to test it.`,
    "",
    "## Requirements",
    "",
    ...requirements,
  ].join("\n");
}

function writeChange(folder, name, withDelta) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, "proposal.md"),
    `# ${name}\n\n## Why\n\nPeople need ${name} to finish their work faster.\n\n## What Changes\n\n- Add ${name}.\n`,
  );
  writeFileSync(
    join(folder, "tasks.md"),
    "## 1. Work\n\n- [x] 1.1 Design it\n- [x] 1.2 Build it\n- [ ] 1.3 Test it\n- [ ] 1.4 Ship it\n",
  );
  if (withDelta) {
    mkdirSync(join(folder, "specs", name), { recursive: true });
    writeFileSync(
      join(folder, "specs", name, "spec.md"),
      `## ADDED Requirements\n\n### Requirement: ${name}\nThe system SHALL offer ${name}.\n\n#### Scenario: Used\n- **WHEN** someone uses ${name}\n- **THEN** it works\n`,
    );
  }
}

/** Writes a repository of the given shape into a new temporary folder and returns its root. */
export function generateRepository(shape = LARGE_REPOSITORY) {
  const root = mkdtempSync(join(tmpdir(), "openspec-bench-"));
  const changes = join(root, "openspec", "changes");
  const specs = join(root, "openspec", "specs");
  mkdirSync(join(changes, "archive"), { recursive: true });
  mkdirSync(specs, { recursive: true });
  for (let i = 1; i <= shape.changes; i += 1) {
    writeChange(join(changes, `add-feature-${pad(i)}`), `feature-${pad(i)}`, true);
  }
  for (let i = 1; i <= shape.archived; i += 1) {
    writeChange(
      join(changes, "archive", `2025-01-01-old-feature-${pad(i)}`),
      `old-${pad(i)}`,
      false,
    );
  }
  for (let i = 1; i <= shape.specs; i += 1) {
    const id = `capability-${pad(i)}`;
    mkdirSync(join(specs, id));
    writeFileSync(join(specs, id, "spec.md"), specMarkdown(id, shape.requirements));
  }
  return root;
}

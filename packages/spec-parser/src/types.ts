/** Every diagnostic code this package emits. Stable: callers may switch on them. */
export type SpecDiagnosticCode =
  | "missing_purpose"
  | "empty_purpose"
  | "missing_requirements"
  | "missing_title"
  | "requirement_without_scenarios"
  | "non_requirement_heading"
  | "empty_scenario"
  | "missing_delta_sections"
  | "nameless_requirement"
  | "ignored_heading"
  | "requirement_outside_delta_section"
  | "unpaired_rename"
  | "missing_why"
  | "missing_what_changes";

/** A finding about a document. `error` means no value could be produced; `warning` means it could. */
export type SpecDiagnostic = {
  code: SpecDiagnosticCode;
  severity: "error" | "warning";
  message: string;
  /** 1-based line in the parsed document. */
  line: number;
};

export type ParseResult<T> =
  | { ok: true; value: T; diagnostics: SpecDiagnostic[] }
  | { ok: false; diagnostics: SpecDiagnostic[] };

export type StepType = "GIVEN" | "WHEN" | "THEN" | "AND" | "BUT";

export type ScenarioStep = { type: StepType; text: string };

export type Scenario = {
  /** The heading without its `Scenario:` prefix. */
  name: string;
  /** The scenario body as written (trimmed), exactly what `openspec show --json` reports. */
  rawText: string;
  /** The `- **GIVEN** ...` bullets of the body; empty when it is written another way. */
  steps: ScenarioStep[];
  line: number;
};

export type Requirement = {
  /** The heading without its `Requirement:` prefix or closing `#` run. */
  name: string;
  /** The heading text as written, e.g. `Requirement: Login ###`. */
  heading: string;
  /** The body lines before the first scenario, trimmed, outside code fences, without `**Key**:` metadata lines unless nothing else is there. Empty when the body is. */
  text: string;
  /**
   * The Markdown between the heading and the first heading below it (its
   * first scenario), exactly as written: blank lines, fences, lists and
   * quotes kept, only leading and trailing blank lines dropped. What
   * `stringifySpec` takes back as `RequirementInput.text`.
   */
  description: string;
  scenarios: Scenario[];
  line: number;
};

export type Spec = { title: string; purpose: string; requirements: Requirement[] };

export type RemovedRequirement = {
  name: string;
  line: number;
  /** The body written under a `### Requirement:` heading in REMOVED; null for the bullet form. */
  requirement: Requirement | null;
};

export type RenamedRequirement = { from: string; to: string; line: number };

export type DeltaSpec = {
  added: Requirement[];
  modified: Requirement[];
  removed: RemovedRequirement[];
  renamed: RenamedRequirement[];
};

export type Task = {
  /** The leading number, e.g. `1.2`, or null when the task has none. */
  id: string | null;
  text: string;
  done: boolean;
  line: number;
  /** The title of the nearest heading above (level 2 or deeper), or null. */
  section: string | null;
};

export type TaskList = {
  sections: { title: string; line: number }[];
  tasks: Task[];
  total: number;
  completed: number;
};

export type DocumentSection = { heading: string; level: number; content: string; line: number };

export type MarkdownDocument = { title: string | null; sections: DocumentSection[] };

export type RequirementInput = {
  name: string;
  text: string;
  scenarios?: { name: string; steps: ScenarioStep[] }[];
};

export type SpecInput = { title: string; purpose: string; requirements: RequirementInput[] };

export type DeltaSpecInput = {
  /** Written as `# <title>` above the sections; `readTitle` reads it back, the CLI ignores it. */
  title?: string;
  /** Markdown written under the title, before the sections; the CLI ignores it. */
  purpose?: string;
  added?: RequirementInput[];
  modified?: RequirementInput[];
  /** A name alone, or with the `**Reason**` and `**Migration**` lines OpenSpec's template asks for. */
  removed?: (string | RemovedRequirementInput)[];
  renamed?: { from: string; to: string }[];
};

/** A removal written as `### Requirement: <name>` with `**Reason**:` and `**Migration**:` lines under it. */
export type RemovedRequirementInput = { name: string; reason?: string; migration?: string };

/** A `tasks.md`: numbered sections (`## 1. <title>`) of unchecked tasks (`- [ ] 1.1 <item>`). */
export type TasksInput = {
  /** The `# <title>` line; `Tasks` as OpenSpec's template writes it. */
  title?: string;
  sections: { title: string; items: string[] }[];
};

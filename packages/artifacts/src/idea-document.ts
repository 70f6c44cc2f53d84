// The Markdown layout of an idea file, shared by the writers and the readers.
// It keeps the layout the earlier Python Hermes plugin wrote (a `# title`, a
// `## Source` list, `## Prompt`, `## Notes`, and the evaluation between HTML
// comment markers), so ideas its users already have read, enrich and promote
// the same as new ones.

/** What a new idea says. */
export type IdeaContentInput = {
  title: string;
  prompt: string;
  /** Who had it: `human`, `agent`, `mixed`, or any one line. */
  origin?: string | null;
  tags?: string[];
  notes?: string | null;
};

/** A structured evaluation of an idea; what is left out reads "Not assessed yet." */
export type IdeaEvaluationInput = {
  problem?: string | null;
  proposedDirection?: string | null;
  keyQuestions?: string[];
  feasibility?: "Low" | "Medium" | "High" | null;
  tshirtSize?: "XS" | "S" | "M" | "L" | "XL" | null;
  sizeJustification?: string | null;
  risks?: string[];
  suggestedNextStep?: string | null;
};

/** What a reader learns from an idea file's text. */
export type IdeaFacts = {
  title: string;
  origin: string | null;
  created: string | null;
  tags: string[];
  /** Whether it holds an evaluation. */
  enriched: boolean;
  feasibility: string | null;
  tshirt_size: string | null;
  /** The change it was promoted to, or null. */
  change: string | null;
};

export const EVALUATION_MARKERS = {
  start: "<!-- OPENSPEC_IDEA_ENRICHMENT_START -->",
  end: "<!-- OPENSPEC_IDEA_ENRICHMENT_END -->",
} as const;

export const PROMOTION_MARKERS = {
  start: "<!-- OPENSPEC_IDEA_PROMOTION_START -->",
  end: "<!-- OPENSPEC_IDEA_PROMOTION_END -->",
} as const;

const NOT_ASSESSED = "Not assessed yet.";

/** The text of a new idea file. */
export function renderIdea(input: IdeaContentInput, created: string): string {
  const tags = input.tags ?? [];
  const lines = [
    `# ${input.title.trim()}`,
    "",
    "## Source",
    `- Origin: ${input.origin?.trim() || "unspecified"}`,
    `- Created: ${created}`,
    `- Tags: ${tags.length > 0 ? tags.map((tag) => tag.trim()).join(", ") : "None"}`,
    "",
    "## Prompt",
    input.prompt.trim(),
  ];
  if (input.notes != null && input.notes.trim() !== "") {
    lines.push("", "## Notes", input.notes.trim());
  }
  return `${lines.join("\n")}\n`;
}

/** The evaluation block, markers included. */
export function renderEvaluation(input: IdeaEvaluationInput, generated: string): string {
  const text = (value: string | null | undefined) => value?.trim() || NOT_ASSESSED;
  const list = (items: string[] | undefined) =>
    items && items.length > 0 ? items.map((item) => `- ${item.trim()}`).join("\n") : NOT_ASSESSED;
  return [
    EVALUATION_MARKERS.start,
    "## Enrichment Report",
    "",
    `Generated: ${generated}`,
    "",
    "### Problem",
    text(input.problem),
    "",
    "### Proposed Direction",
    text(input.proposedDirection),
    "",
    "### Key Questions",
    list(input.keyQuestions),
    "",
    "### Feasibility",
    `Feasibility: ${input.feasibility ?? "Not assessed"}`,
    "",
    "### T-Shirt Size",
    `T-Shirt Size: ${input.tshirtSize ?? "Not assessed"}`,
    "",
    "### Size Justification",
    text(input.sizeJustification),
    "",
    "### Risks",
    list(input.risks),
    "",
    "### Suggested Next Step",
    text(input.suggestedNextStep),
    EVALUATION_MARKERS.end,
  ].join("\n");
}

/** The block that links an idea to the change it became, markers included. */
export function renderPromotion(change: string, promoted: string): string {
  return [
    PROMOTION_MARKERS.start,
    "## Promoted",
    "",
    `- Change: \`${change}\` (openspec/changes/${change}/)`,
    `- Promoted: ${promoted}`,
    PROMOTION_MARKERS.end,
  ].join("\n");
}

/**
 * `text` with the block between `markers` replaced by `block`, or `block`
 * added at the end when there is none: a second evaluation or promotion
 * replaces the first instead of being appended.
 */
export function replaceMarkedBlock(
  text: string,
  markers: { start: string; end: string },
  block: string,
): string {
  const start = text.indexOf(markers.start);
  const end = start === -1 ? -1 : text.indexOf(markers.end, start);
  // trimEnd, not /\s+$/: that regex is quadratic on a long run of spaces inside the text.
  if (start === -1 || end === -1) return `${text.trimEnd()}\n\n${block}\n`;
  const before = text.slice(0, start).trimEnd();
  const after = text.slice(end + markers.end.length).trim();
  return `${before}\n\n${block}\n${after === "" ? "" : `\n${after}\n`}`;
}

/** Whether a value holds one of the markers, which would break the file's blocks. */
export function holdsMarker(value: string): boolean {
  return value.includes("<!-- OPENSPEC_IDEA_");
}

/** What an idea file says, read leniently: an idea written by hand has whatever it has. */
export function readIdeaFacts(text: string, slug: string): IdeaFacts {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const heading = lines.find((line) => /^#\s+\S/.test(line));
  const sourceItem = (label: string) => {
    const prefix = `- ${label}:`;
    const found = lines.find((line) => line.startsWith(prefix));
    return found === undefined ? null : found.slice(prefix.length).trim() || null;
  };
  const tags = sourceItem("Tags");
  const evaluation = blockOf(text, EVALUATION_MARKERS);
  const promotion = blockOf(text, PROMOTION_MARKERS);
  const valueIn = (block: string | null, pattern: RegExp) => {
    const match = block === null ? null : pattern.exec(block);
    return match?.[1] ?? null;
  };
  return {
    title: heading ? printable(heading.replace(/^#\s+/, "").trim().slice(0, 200)) : slug,
    origin: sourceItem("Origin"),
    created: sourceItem("Created"),
    tags:
      tags === null || tags === "None"
        ? []
        : tags
            .split(",")
            .map((tag) => tag.trim())
            .filter(Boolean),
    enriched: evaluation !== null,
    feasibility: valueIn(evaluation, /^Feasibility: (Low|Medium|High)$/im),
    tshirt_size: valueIn(evaluation, /^T-Shirt Size: (XS|S|M|L|XL)$/im),
    change: valueIn(promotion, /^- Change: `([a-z0-9]+(?:-[a-z0-9]+)*)`/m),
  };
}

/** Control characters of a hand-written file shown as `?`, so a title stays one plain line. */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return text.replace(/[\u0000-\u001f\u007f]/g, "?");
}

function blockOf(text: string, markers: { start: string; end: string }): string | null {
  const start = text.indexOf(markers.start);
  if (start === -1) return null;
  const end = text.indexOf(markers.end, start);
  return end === -1 ? null : text.slice(start + markers.start.length, end);
}

/** The parts of an idea a promotion starts from: its prompt, and the evaluation's problem and direction. */
export type IdeaSections = {
  prompt: string | null;
  problem: string | null;
  proposedDirection: string | null;
};

/** The prompt and the evaluated problem and direction of an idea file, null where absent or not assessed. */
export function readIdeaSections(text: string): IdeaSections {
  const normalized = text.replace(/\r\n?/g, "\n");
  const evaluation = blockOf(normalized, EVALUATION_MARKERS) ?? "";
  const outside =
    normalized.split(EVALUATION_MARKERS.start)[0]?.split(PROMOTION_MARKERS.start)[0] ?? "";
  return {
    prompt: sectionOf(outside, "## Prompt", /^## Notes$/m),
    problem: sectionOf(evaluation, "### Problem", /^### /m),
    proposedDirection: sectionOf(evaluation, "### Proposed Direction", /^### /m),
  };
}

function sectionOf(text: string, heading: string, next: RegExp): string | null {
  const lines = text.split("\n");
  const start = lines.indexOf(heading);
  if (start === -1) return null;
  const rest = lines.slice(start + 1).join("\n");
  const end = rest.search(next);
  const body = (end === -1 ? rest : rest.slice(0, end)).trim();
  return body === "" || body === NOT_ASSESSED || body === "TBD" ? null : body;
}

/**
 * The shell's help for input fields the catalog leaves undescribed: an agent
 * reads `limit`, `offset` or `tags` from the tool's description and schema
 * (words there cost every session tokens), but `--limit limit` tells a person
 * nothing. One place for these words, so every command that has the field
 * says the same.
 */
const SHELL_FIELD_HELP: Readonly<Record<string, string>> = {
  limit: "How many entries to show (a page).",
  offset: "How many entries to skip: the next page starts where the last one said.",
  detail: "How much to show: summary (the counts) or full.",
  engine:
    "Who reads the repository: native (openspec-agent, the default) or cli (the OpenSpec CLI).",
  no_scenarios: "Leave the scenarios out.",
  tags: "Labels for the idea.",
  notes: "Free text kept with the idea.",
  what_changes: "The bullets of What Changes, one string each.",
  problem: "The problem the idea solves.",
  proposed_direction: "How to go about it.",
  key_questions: "Questions to answer first.",
  feasibility: "How feasible it looks.",
  tshirt_size: "How big it looks.",
  size_justification: "Why that size.",
  risks: "What could go wrong.",
  suggested_next_step: "What to do next.",
};

/** The shell's help for a field without a description of its own: its words, else its name in words. */
export function shellFieldHelp(name: string): string {
  return SHELL_FIELD_HELP[name] ?? `${name.replace(/_/g, " ")}.`;
}

/** A proposal and a delta spec that `openspec validate --strict` accepts, for tests that write change artifacts. */
export const PROPOSAL =
  "## Why\nPeople cannot sign in today, so every page they open is the public one.\n\n## What Changes\n- Add a login form\n";
export const DELTA = [
  "## ADDED Requirements",
  "",
  "### Requirement: Login",
  "The system SHALL let a registered user sign in.",
  "",
  "#### Scenario: Right password",
  "- **WHEN** the password matches",
  "- **THEN** the user is signed in",
  "",
].join("\n");

import { describe, expect, it } from "vitest";
import { splitCliMessage } from "./split-cli-message.js";

describe("a message of the OpenSpec CLI as an error and a fix", () => {
  it("GIVEN a refusal that ends with what to run WHEN split THEN the refusal is the error and the advice the fix, its openspec command marked", () => {
    expect(
      splitCliMessage(
        "Change 'nope' not found. No changes exist. Create one with: openspec new change <name>",
      ),
    ).toEqual({
      said: "Change 'nope' not found. No changes exist.",
      advice: "Create one with: {openspec} new change <name>",
    });
  });

  it("GIVEN a refusal followed by the names to choose from WHEN split THEN the list is the fix, whole", () => {
    expect(
      splitCliMessage("Change 'nope' not found. Available changes:\n  add-login\n  tidy"),
    ).toEqual({
      said: "Change 'nope' not found.",
      advice: "Available changes:\n  add-login\n  tidy",
    });
  });

  it("GIVEN a message without advice, or one that is advice from its first word WHEN split THEN it is all error", () => {
    expect(splitCliMessage("Change must have a Why section")).toEqual({
      said: "Change must have a Why section",
    });
    expect(splitCliMessage("Run it again.")).toEqual({ said: "Run it again." });
  });
});

import { describe, expect, it } from "vitest";
import { expectedCost } from "./expected-cost.js";
import { listArgs, showArgs, statusArgs, validateArgs } from "./index.js";

function argsOf(built: { ok: boolean; args?: string[] }): string[] {
  if (!built.ok || built.args === undefined) throw new Error("the builder refused its options");
  return built.args;
}

describe("expectedCost", () => {
  it.each([
    ["list of changes", argsOf(listArgs({ kind: "changes" })), "repository"],
    ["list of specs", argsOf(listArgs({ kind: "specs" })), "repository"],
    ["validate of every item", argsOf(validateArgs({ scope: "all", strict: true })), "repository"],
    ["validate of the specs", argsOf(validateArgs({ scope: "specs" })), "repository"],
    ["status of every change", argsOf(statusArgs({ all: true })), "repository"],
    ["validate of one change", argsOf(validateArgs({ item: "add-auth", strict: true })), "item"],
    ["show of one spec", argsOf(showArgs({ item: "auth", type: "spec" })), "item"],
    ["status of one change", argsOf(statusArgs({ change: "add-auth" })), "item"],
    ["a change named like a scope", argsOf(showArgs({ item: "all" })), "item"],
  ])("GIVEN the %s WHEN its lane is chosen THEN it is %s", (_name, args, lane) => {
    expect(expectedCost(args)).toBe(lane);
  });
});

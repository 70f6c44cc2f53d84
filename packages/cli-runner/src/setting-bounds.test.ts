import { describe, expect, it } from "vitest";
import { findSettingProblem, MAX_TIMER_MS, SETTING_BOUNDS } from "./setting-bounds.js";

describe("findSettingProblem", () => {
  const timeout = SETTING_BOUNDS.timeoutMs;

  it.each([
    ["1", 1],
    ["120000", 120000],
    [String(MAX_TIMER_MS), MAX_TIMER_MS],
  ])(
    "GIVEN the text %s WHEN it is a timeout within Node's timer range THEN it is accepted",
    (text, number) => {
      expect(findSettingProblem("T", text, timeout)).toBeUndefined();
      expect(findSettingProblem("T", number, timeout)).toBeUndefined();
    },
  );

  it.each(["3000000000", "99999999999999", "0", "-5", "1e3", "12.5", " 300", "", "abc", "0x10"])(
    "GIVEN the text %j WHEN read as a timeout THEN the problem names the setting, the value and the range",
    (text) => {
      expect(findSettingProblem("OPENSPEC_AGENT_CLI_TIMEOUT_MS", text, timeout)).toBe(
        `OPENSPEC_AGENT_CLI_TIMEOUT_MS is ${JSON.stringify(text)}; it must be a whole number from 1 to 2147483647 (ms).`,
      );
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, -1, 0.5])(
    "GIVEN the number %s WHEN it is a timeout option THEN it is refused",
    (value) => {
      expect(findSettingProblem("cliTimeoutMs", value, timeout)).toMatch(
        /^cliTimeoutMs is .*; it must be a whole number from 1 to 2147483647 \(ms\)\.$/,
      );
    },
  );

  it("GIVEN a pool size of 0 WHEN checked THEN it is accepted (the pool is off) and 33 is not", () => {
    expect(findSettingProblem("OPENSPEC_AGENT_POOL", "0", SETTING_BOUNDS.poolSize)).toBeUndefined();
    expect(findSettingProblem("OPENSPEC_AGENT_POOL", "33", SETTING_BOUNDS.poolSize)).toMatch(
      /from 0 to 32 \(workers\)/,
    );
  });
});

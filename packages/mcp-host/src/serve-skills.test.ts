import * as sdkSkills from "@modelcontextprotocol/server/ext/skills";
import { describe, expect, it } from "vitest";
import { SKILLS_EXTENSION_ID, SKILLS_GET_METHOD, SKILLS_LIST_METHOD } from "./serve-skills.js";

describe("the skills extension's names a server registers", () => {
  it("GIVEN the SDK's skills extension WHEN a server registers its methods without loading it THEN the names are the SDK's", () => {
    expect({ SKILLS_EXTENSION_ID, SKILLS_GET_METHOD, SKILLS_LIST_METHOD }).toEqual({
      SKILLS_EXTENSION_ID: sdkSkills.SKILLS_EXTENSION_ID,
      SKILLS_GET_METHOD: sdkSkills.SKILLS_GET_METHOD,
      SKILLS_LIST_METHOD: sdkSkills.SKILLS_LIST_METHOD,
    });
  });
});

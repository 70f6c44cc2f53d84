import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { launchChromium } from "../test-support/launch-chromium.js";

afterEach(() => removeTemporaryFolders());

describe("GIVEN a machine without Chromium", () => {
  it("WHEN the browser tests start THEN they fail and say how to install it (no silent skip)", async () => {
    await expect(launchChromium({ executablePath: "/nonexistent/chromium" })).rejects.toThrow(
      /apt-get update && apt-get install -y chromium/,
    );
  });
});

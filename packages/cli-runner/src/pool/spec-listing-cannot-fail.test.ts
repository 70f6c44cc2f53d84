import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useSandbox } from "../test-support/sandbox.js";
import { specListingCannotFail } from "./spec-listing-cannot-fail.js";

describe("whether the CLI's listing of specs is sure to succeed", () => {
  const sandbox = useSandbox("each");

  function specsWith(files: Record<string, string>, repo = "repo"): string {
    const specs = join(sandbox.current.makeDir(repo), "openspec", "specs");
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(specs, path, ".."), { recursive: true });
      writeFileSync(join(specs, path), content);
    }
    mkdirSync(specs, { recursive: true });
    return specs;
  }

  it("GIVEN no specs folder, or flat and nested specs with a dot folder WHEN checked THEN the listing cannot fail", () => {
    expect(specListingCannotFail(join(sandbox.current.makeDir("empty"), "openspec", "specs"))).toBe(
      true,
    );
    const specs = specsWith({
      "greeting/spec.md": "# Greeting\n",
      "billing/invoices/spec.md": "# Invoices\n",
      "billing/notes.md": "notes\n",
      ".drafts/spec.md": "# Draft\n",
    });
    expect(specListingCannotFail(specs)).toBe(true);
  });

  it("GIVEN a file where the specs folder should be WHEN checked THEN the listing may fail", () => {
    const repo = sandbox.current.makeDir("repo");
    mkdirSync(join(repo, "openspec"));
    writeFileSync(join(repo, "openspec", "specs"), "not a folder\n");
    expect(specListingCannotFail(join(repo, "openspec", "specs"))).toBe(false);
  });

  it("GIVEN a capability whose spec.md is a symbolic link, even a dangling one WHEN checked THEN the listing may fail", () => {
    const specs = specsWith({ "greeting/spec.md": "# Greeting\n" });
    mkdirSync(join(specs, "linked"));
    symlinkSync(join(specs, "greeting", "spec.md"), join(specs, "linked", "spec.md"));
    expect(specListingCannotFail(specs)).toBe(false);

    const dangling = specsWith({ "greeting/spec.md": "# Greeting\n" }, "other");
    mkdirSync(join(dangling, "gone"));
    symlinkSync(join(dangling, "nowhere.md"), join(dangling, "gone", "spec.md"));
    expect(specListingCannotFail(dangling)).toBe(false);
  });

  it("GIVEN links the listing never follows: a linked folder and a spec.md directly in the specs folder WHEN checked THEN the listing cannot fail", () => {
    const outside = sandbox.current.makeDir("outside");
    writeFileSync(join(outside, "spec.md"), "# Outside\n");
    const specs = specsWith({ "greeting/spec.md": "# Greeting\n" });
    symlinkSync(outside, join(specs, "linked-folder"));
    symlinkSync(join(outside, "spec.md"), join(specs, "spec.md"));
    expect(specListingCannotFail(specs)).toBe(true);
  });
});

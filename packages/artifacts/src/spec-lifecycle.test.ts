import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  CHECKOUT_SPEC_INPUT,
  removeTemporaryFolders,
  runRealOpenSpec,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type CreateSpecInput, createSpec } from "./create-spec.js";
import { listSpecs } from "./list-specs.js";
import { openRepository } from "./open-repository.js";
import { showSpec } from "./show-spec.js";
import { makeRepository, openedRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

// The shared sample with a second requirement (MUST rather than SHALL) and an AND step.
const { name: _sampleName, ...sample } = CHECKOUT_SPEC_INPUT;
const checkout: Omit<CreateSpecInput, "name"> = {
  ...sample,
  requirements: [
    ...sample.requirements,
    {
      name: "Refuse an expired card",
      description: "The system MUST refuse a card whose expiry date has passed.",
      scenarios: [
        {
          name: "Expired",
          steps: [
            { type: "WHEN", text: "an expired card is used" },
            { type: "THEN", text: "payment is refused" },
            { type: "AND", text: "the shopper is told why" },
          ],
        },
      ],
    },
  ],
};

describe("createSpec", () => {
  it("GIVEN a project with openspec/specs WHEN creating a spec THEN writes openspec/specs/<name>/spec.md that the real CLI validates strictly", async () => {
    const { root, repository } = makeRepository();
    const result = createSpec(repository, { name: "checkout", ...checkout });
    expect(result).toEqual({
      ok: true,
      name: "checkout",
      change: null,
      path: "openspec/specs/checkout/spec.md",
      format: "spec",
      overwritten: false,
      warnings: [],
    });
    const markdown = readFileSync(join(root, "openspec/specs/checkout/spec.md"), "utf8");
    expect(markdown).toContain("### Requirement: Pay with a saved card");
    expect(markdown).toContain("#### Scenario: Saved card accepted");
    const validation = await runRealOpenSpec(root, [
      "validate",
      "checkout",
      "--type",
      "spec",
      "--strict",
      "--json",
      "--no-interactive",
    ]);
    expect(JSON.parse(validation.stdout).items[0]).toMatchObject({ id: "checkout", valid: true });
    expect(validation.status).toBe(0);
  });

  it("GIVEN an active change WHEN creating a spec with change THEN writes a delta under the change that the real CLI validates strictly", async () => {
    const { root, repository } = makeRepository({
      "openspec/changes/add-checkout/proposal.md":
        "# Add checkout\n\n## Why\n\nShoppers cannot pay today, so every order is lost at the last step.\n\n## What Changes\n\n- Add a checkout.\n",
    });
    const result = createSpec(repository, {
      name: "checkout",
      change: "add-checkout",
      ...checkout,
    });
    expect(result).toMatchObject({
      ok: true,
      path: "openspec/changes/add-checkout/specs/checkout/spec.md",
      format: "delta",
    });
    expect(existsSync(join(root, "openspec/specs/checkout"))).toBe(false);
    const markdown = readFileSync(
      join(root, "openspec/changes/add-checkout/specs/checkout/spec.md"),
      "utf8",
    );
    expect(markdown).toContain("## ADDED Requirements");
    const validation = await runRealOpenSpec(root, [
      "validate",
      "add-checkout",
      "--type",
      "change",
      "--strict",
      "--json",
      "--no-interactive",
    ]);
    expect(JSON.parse(validation.stdout).items[0]).toMatchObject({
      id: "add-checkout",
      valid: true,
    });
  });

  it("GIVEN a spec already exists WHEN creating it again without force THEN ok is false and the file is unchanged", () => {
    const { root, repository } = makeRepository({ "openspec/specs/checkout/spec.md": "ORIGINAL" });
    const result = createSpec(repository, { name: "checkout", ...checkout });
    expect(result).toMatchObject({ ok: false, code: "spec_exists" });
    expect(readFileSync(join(root, "openspec/specs/checkout/spec.md"), "utf8")).toBe("ORIGINAL");
    expect(readdirSync(join(root, "openspec/specs/checkout"))).toEqual(["spec.md"]);
  });

  it("GIVEN a spec already exists WHEN creating it with force THEN it is replaced and overwritten is true", () => {
    const { root, repository } = makeRepository({ "openspec/specs/checkout/spec.md": "ORIGINAL" });
    expect(createSpec(repository, { name: "checkout", force: true, ...checkout })).toMatchObject({
      ok: true,
      overwritten: true,
    });
    expect(readFileSync(join(root, "openspec/specs/checkout/spec.md"), "utf8")).toContain(
      "# Checkout",
    );
  });

  it("GIVEN two creators of one new spec at once WHEN neither forces THEN exactly one wins", () => {
    const { repository } = makeRepository();
    const results = [
      createSpec(repository, { name: "checkout", ...checkout }),
      createSpec(repository, { name: "checkout", ...checkout }),
    ];
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("GIVEN a change that does not exist WHEN creating a change-scoped spec THEN ok is false and nothing is written", () => {
    const { root, repository } = makeRepository();
    expect(
      createSpec(repository, { name: "checkout", change: "missing", ...checkout }),
    ).toMatchObject({
      ok: false,
      code: "change_not_found",
    });
    expect(existsSync(join(root, "openspec/changes/missing"))).toBe(false);
  });

  it.each(["../escape", "/etc/passwd", "a/b", "a\\b", "-rf", "x\u0000y", "Bad_Name"])(
    "GIVEN the hostile spec name %j WHEN creating it THEN ok is false with invalid_name and nothing is written",
    (name) => {
      const { root, repository } = makeRepository();
      expect(createSpec(repository, { name, ...checkout })).toMatchObject({
        ok: false,
        code: "invalid_name",
      });
      expect(readdirSync(join(root, "openspec/specs"))).toEqual([]);
    },
  );

  it("GIVEN a change name that tries to escape WHEN creating a spec in it THEN ok is false", () => {
    const { repository } = makeRepository();
    expect(
      createSpec(repository, { name: "checkout", change: "../../tmp", ...checkout }),
    ).toMatchObject({
      ok: false,
      code: "invalid_name",
    });
  });

  it("GIVEN openspec/specs is a symlink to a folder outside WHEN creating a spec THEN ok is false and nothing appears outside", () => {
    const outside = temporaryFolder("outside-");
    const root = temporaryFolder("repo-");
    mkdirSync(join(root, "openspec/changes"), { recursive: true });
    symlinkSync(outside, join(root, "openspec/specs"));
    expect(createSpec(openedRepository(root), { name: "checkout", ...checkout })).toMatchObject({
      ok: false,
      code: "path_outside_repository",
    });
    expect(readdirSync(outside)).toEqual([]);
  });

  it("GIVEN fields that would break the markdown structure WHEN creating THEN ok is false with invalid_input", () => {
    const { repository } = makeRepository();
    const injected = { ...checkout, title: "Two\n## Requirements" };
    expect(createSpec(repository, { name: "checkout", ...injected })).toMatchObject({
      ok: false,
      code: "invalid_input",
    });
    const heading = {
      ...checkout,
      requirements: [{ name: "R", description: "It SHALL work.\n### Requirement: Sneaky" }],
    };
    expect(createSpec(repository, { name: "checkout", ...heading })).toMatchObject({
      ok: false,
      code: "invalid_input",
    });
  });

  it("GIVEN requirements without scenarios or SHALL WHEN creating THEN the spec is written with warnings", () => {
    const { repository } = makeRepository();
    const result = createSpec(repository, {
      name: "loose",
      title: "Loose",
      purpose: "Short.",
      requirements: [{ name: "Vague", description: "Things happen." }],
    });
    expect(result).toMatchObject({ ok: true });
    const codes = result.ok ? result.warnings.map((warning) => warning.code) : [];
    expect(codes.sort()).toEqual([
      "purpose_too_brief",
      "requirement_without_scenario",
      "requirement_without_shall",
    ]);
  });

  it("GIVEN a folder without openspec/ WHEN creating a spec THEN ok is false with no_openspec_root and nothing is written", () => {
    const root = temporaryFolder("plain-");
    expect(createSpec(openedRepository(root), { name: "checkout", ...checkout })).toMatchObject({
      ok: false,
      code: "no_openspec_root",
    });
    expect(readdirSync(root)).toEqual([]);
  });
});

describe("showSpec", () => {
  it("GIVEN a baseline spec WHEN showing it THEN returns title, purpose and requirements with names, descriptions and scenarios", () => {
    const { repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    expect(showSpec(repository, { name: "auth" })).toMatchObject({
      ok: true,
      name: "auth",
      format: "spec",
      title: "Auth",
      purpose: "Let people sign in with their email address and a password they chose.",
      requirements: [
        {
          name: "Sign in",
          description: "The system SHALL sign a person in with a correct email and password.",
          scenarios: [
            {
              name: "Correct password",
              steps: [
                { type: "GIVEN", text: "a registered person" },
                { type: "WHEN", text: "they enter their email and password" },
                { type: "THEN", text: "they are signed in" },
              ],
            },
          ],
        },
      ],
    });
  });

  it("GIVEN a spec created by createSpec WHEN showing it THEN the requirements come back as given", () => {
    const { repository } = makeRepository();
    createSpec(repository, { name: "checkout", ...checkout });
    const shown = showSpec(repository, { name: "checkout" });
    expect(shown).toMatchObject({ ok: true, title: "Checkout", purpose: checkout.purpose });
    const requirements = shown.ok ? shown.requirements : [];
    expect(
      requirements.map(({ name, description, scenarios }) => ({
        name,
        description,
        scenarios: scenarios.map(({ name: scenario, steps }) => ({ name: scenario, steps })),
      })),
    ).toEqual(checkout.requirements);
  });

  it("GIVEN a change-scoped delta spec WHEN showing it with the change THEN returns its requirements with their operation", () => {
    const { repository } = makeRepository({ "openspec/changes/add-checkout/proposal.md": "# P\n" });
    createSpec(repository, { name: "checkout", change: "add-checkout", ...checkout });
    expect(showSpec(repository, { name: "checkout", change: "add-checkout" })).toMatchObject({
      ok: true,
      format: "delta",
      change: "add-checkout",
      requirements: [
        { name: "Pay with a saved card", operation: "ADDED" },
        { name: "Refuse an expired card", operation: "ADDED" },
      ],
    });
  });

  it("GIVEN no such spec WHEN showing it THEN ok is false with a clear error naming it", () => {
    const { repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const result = showSpec(repository, { name: "billing" });
    expect(result).toMatchObject({ ok: false, code: "spec_not_found" });
    expect(!result.ok && result.error).toContain("billing");
    expect(!result.ok && result.fix).toContain("auth");
  });

  it("GIVEN a spec without a Purpose section WHEN showing it THEN ok is false with spec_unparsable and a line", () => {
    const { repository } = makeRepository({
      "openspec/specs/odd/spec.md": "# Odd\n\n## Requirements\n",
    });
    expect(showSpec(repository, { name: "odd" })).toMatchObject({
      ok: false,
      code: "spec_unparsable",
    });
  });
});

describe("listSpecs", () => {
  it("GIVEN baseline specs WHEN listing without a change THEN returns their names", () => {
    const { repository } = makeRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/specs/platform/session/spec.md": AUTH_SPEC,
      "openspec/specs/notes/readme.md": "not a spec",
    });
    expect(listSpecs(repository)).toEqual({
      ok: true,
      change: null,
      specs: ["auth", "platform/session"],
    });
  });

  it("GIVEN a change with delta specs WHEN listing with the change THEN returns the change's spec names", () => {
    const { repository } = makeRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/changes/add-checkout/proposal.md": "# P\n",
      "openspec/changes/add-checkout/specs/checkout/spec.md": "## ADDED Requirements\n",
    });
    expect(listSpecs(repository, { change: "add-checkout" })).toEqual({
      ok: true,
      change: "add-checkout",
      specs: ["checkout"],
    });
  });

  it("GIVEN the specs folder is empty or missing WHEN listing THEN returns an empty array", () => {
    const { repository } = makeRepository({ "openspec/changes/add-checkout/proposal.md": "# P\n" });
    expect(listSpecs(repository)).toEqual({ ok: true, change: null, specs: [] });
    expect(listSpecs(repository, { change: "add-checkout" })).toEqual({
      ok: true,
      change: "add-checkout",
      specs: [],
    });
    const bare = temporaryFolder("bare-");
    const opened = openRepository(bare);
    expect(opened.ok && listSpecs(opened.repository)).toEqual({
      ok: true,
      change: null,
      specs: [],
    });
  });
});

describe("openRepository", () => {
  it.each([
    ["a missing folder", () => join(temporaryFolder(), "missing")],
    [
      "a file",
      () => {
        const dir = temporaryFolder();
        writeFileSync(join(dir, "file"), "x");
        return join(dir, "file");
      },
    ],
    ["a relative path", () => "relative/path"],
    ["an empty string", () => ""],
  ])(
    "GIVEN %s as workdir WHEN opening it THEN ok is false with invalid_workdir",
    (_label, workdir) => {
      expect(openRepository(workdir())).toMatchObject({ ok: false, code: "invalid_workdir" });
    },
  );

  it("GIVEN a workdir below the repository root WHEN opening it THEN the root is the folder that holds openspec/", () => {
    const { root } = makeRepository();
    writeFiles(root, { "src/deep/file.ts": "" });
    expect(openRepository(join(root, "src/deep"))).toMatchObject({
      ok: true,
      repository: { root, hasOpenSpec: true },
    });
  });
});

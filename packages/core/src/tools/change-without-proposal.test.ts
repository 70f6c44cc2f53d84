import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const DELTA =
  "## ADDED Requirements\n\n### Requirement: Sign in\nThe system SHALL let people sign in.\n\n#### Scenario: Signed in\n- **WHEN** a person signs in\n- **THEN** they are in\n";

/** A repository whose changes have no proposal.md, as public repositories have them. */
async function setUp() {
  const root = makeOpenSpecRepository({
    "openspec/changes/only-tasks/tasks.md": "## 1. Work\n- [ ] 1.1 Do\n- [x] 1.2 Done\n",
    "openspec/changes/only-specs/specs/auth/spec.md": DELTA,
  });
  const { catalog } = makeCatalog();
  const added = await catalog.call("openspec_source_add", { path: root, name: "shop" });
  expect(added.ok).toBe(true);
  return { root, catalog };
}

describe("every tool that takes a change accepts one without proposal.md", () => {
  it("GIVEN changes with only tasks.md and only specs/ WHEN the source's context is listed and each is resolved THEN both are there with proposal null", async () => {
    const { catalog } = await setUp();
    const bare = await catalog.call("openspec_context", { identifier: "shop" });
    expect(bare).toMatchObject({
      ok: true,
      changes: [
        { name: "only-specs", tasks: null, scaffolded: true },
        { name: "only-tasks", tasks: { completed: 1, total: 2 }, scaffolded: true },
      ],
    });
    const listed = "changes" in bare ? (bare.changes as { name: string; token: string }[]) : [];
    for (const { name, token } of listed) {
      for (const reference of [name, token]) {
        expect(
          await catalog.call("openspec_context", { identifier: `shop/${reference}` }),
        ).toMatchObject({ ok: true, change: { name, scaffolded: true, proposal: null } });
      }
    }
  });

  it("GIVEN a change with only tasks.md WHEN its tasks and status are asked for THEN both answer", async () => {
    const { catalog } = await setUp();
    expect(
      await catalog.call("openspec_task_list", { source: "shop", change: "only-tasks" }),
    ).toMatchObject({ ok: true, done: 1, total: 2 });
    expect(
      await catalog.call("openspec_status", { source: "shop", change: "only-tasks" }),
    ).toMatchObject({ ok: true });
  });

  it("GIVEN a change with only a delta spec WHEN it is validated, diffed and its archive previewed THEN each answers for it", async () => {
    const { catalog } = await setUp();
    expect(
      await catalog.call("openspec_validate", { source: "shop", target: "only-specs" }),
    ).toMatchObject({ ok: true });
    expect(
      await catalog.call("openspec_spec_diff", { source: "shop", change: "only-specs" }),
    ).toMatchObject({ ok: true, specs: [{ spec: "auth", baseline_exists: false }] });
    expect(
      await catalog.call("openspec_change_archive", {
        source: "shop",
        change: "only-specs",
        dry_run: true,
      }),
    ).toMatchObject({ ok: true, dry_run: true, would_archive: true });
  });
});

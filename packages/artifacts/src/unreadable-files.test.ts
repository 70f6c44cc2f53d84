import { chmodSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders, warnSkipped, whyNobodyCannotRun } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import {
  CALL_BUILT_WORKER,
  callBuilt,
  callsBuilt,
  openToEveryone,
} from "./test-support/call-built.js";
import { makeRepository } from "./test-support/temp-repository.js";

// The tests run as root, who may read every file: each call runs in a process
// of the user nobody, over a repository everyone may read but the file under test.

afterEach(removeTemporaryFolders);

const CHANGE = "openspec/changes/add-dark-mode";
const asNobody = { asNobody: true };

function repository(): string {
  const { root } = makeRepository({
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    "openspec/specs/billing/spec.md": AUTH_SPEC,
    [`${CHANGE}/proposal.md`]: "# Dark mode\n",
    [`${CHANGE}/tasks.md`]: "- [ ] 1.1 Pick colours\n",
    "openspec/changes/add-search/proposal.md": "# Search\n",
  });
  openToEveryone(root);
  return root;
}

// Another user runs these calls: the checkout must be readable by it (see whyNobodyCannotRun).
const nobodyCannotRun = whyNobodyCannotRun(CALL_BUILT_WORKER);
warnSkipped("artifacts' unreadable-file tests", nobodyCannotRun);

describe.skipIf(nobodyCannotRun)("files and folders that may not be read", () => {
  it("GIVEN a spec.md without read permission WHEN showing it THEN unreadable with its path, not spec_not_found", () => {
    const root = repository();
    chmodSync(join(root, "openspec/specs/auth/spec.md"), 0o000);
    const [shown, asContext] = callsBuilt(
      root,
      [
        ["showSpec", { name: "auth" }],
        ["context", { reference: "auth" }],
      ],
      asNobody,
    );
    expect(shown).toMatchObject({
      ok: false,
      code: "unreadable",
      path: "openspec/specs/auth/spec.md",
      fix: expect.any(String),
    });
    expect(asContext).toMatchObject({ ok: false, code: "unreadable" });
    // The same file, readable again: what makes the check able to fail.
    chmodSync(join(root, "openspec/specs/auth/spec.md"), 0o644);
    expect(callBuilt("showSpec", root, { name: "auth" }, asNobody)).toMatchObject({ ok: true });
  });

  it("GIVEN a spec folder that may not be listed WHEN listing and describing THEN a warning names it instead of it vanishing", () => {
    const root = repository();
    chmodSync(join(root, "openspec/specs/billing"), 0o000);
    const warning = { code: "unreadable", path: "openspec/specs/billing" };
    const [listed, described, shown] = callsBuilt(
      root,
      [
        ["listSpecs", {}],
        ["context", {}],
        ["showSpec", { name: "billing" }],
      ],
      asNobody,
    );
    expect(listed).toMatchObject({ specs: ["auth"], warnings: [warning] });
    expect(described).toMatchObject({ warnings: [warning] });
    expect(shown).toMatchObject({ ok: false, code: "unreadable" });
  });

  it("GIVEN an unreadable proposal.md and tasks.md WHEN reading the change THEN both are null and the warnings say unreadable, not missing", () => {
    const root = repository();
    chmodSync(join(root, CHANGE, "proposal.md"), 0o000);
    chmodSync(join(root, CHANGE, "tasks.md"), 0o000);
    const [change, described] = callsBuilt(
      root,
      [
        ["context", { reference: "add-dark-mode" }],
        ["context", {}],
      ],
      asNobody,
    );
    expect(change).toMatchObject({
      ok: true,
      change: {
        proposal: null,
        tasks: null,
        warnings: [
          { code: "unreadable", path: `${CHANGE}/proposal.md` },
          { code: "unreadable", path: `${CHANGE}/tasks.md` },
        ],
      },
    });
    expect(described).toMatchObject({
      changes: [{ name: "add-dark-mode", tasks: null }, { name: "add-search" }],
      warnings: [{ code: "unreadable", path: `${CHANGE}/tasks.md` }],
    });
  });

  it("GIVEN a change folder that may not be searched WHEN listing its delta specs THEN a warning names its specs folder", () => {
    const root = repository();
    chmodSync(join(root, CHANGE), 0o000);
    expect(callBuilt("listSpecs", root, { change: "add-dark-mode" }, asNobody)).toMatchObject({
      ok: true,
      specs: [],
      warnings: [{ code: "unreadable", path: `${CHANGE}/specs` }],
    });
  });

  it("GIVEN a change folder that may not be searched WHEN describing the repository THEN the change is still listed, with a warning", () => {
    const root = repository();
    chmodSync(join(root, CHANGE), 0o000);
    const [described, change] = callsBuilt(
      root,
      [
        ["context", {}],
        ["context", { reference: "add-dark-mode" }],
      ],
      asNobody,
    );
    expect(described).toMatchObject({
      changes: [{ name: "add-dark-mode" }, { name: "add-search" }],
      warnings: [{ code: "unreadable", path: CHANGE }],
    });
    expect(change).toMatchObject({
      change: { proposal: null, warnings: [{ code: "unreadable", path: CHANGE }] },
    });
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type HostOptions,
  type HostUnderTest,
  openCliHost,
  openHermesHost,
  openHttpHost2026,
  openLibraryHost,
  openMcpHost,
  openMcpHost2026,
} from "@org/host-harness";
import { removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { makeSandbox } from "./sandbox.js";

afterAll(removeTemporaryFolders);

const step = (type: "GIVEN" | "WHEN" | "THEN", text: string) => ({ type, text });

/** Two new capabilities, each with requirements and scenarios, and two task sections. */
const SPECS = [
  {
    name: "passkeys",
    purpose: "Lets users sign in with a passkey instead of a password, on every client.",
    added: [
      {
        name: "Passkey login",
        description: "The system SHALL accept a registered passkey.",
        scenarios: [
          {
            name: "Valid passkey",
            steps: [
              step("GIVEN", "a user with a registered passkey"),
              step("WHEN", "the passkey is used"),
              step("THEN", "a session starts"),
            ],
          },
        ],
      },
      {
        name: "Passkey removal",
        description: "The system SHALL let a user remove a passkey.",
        scenarios: [
          {
            name: "Removed passkey",
            steps: [step("WHEN", "a removed passkey is used"), step("THEN", "login is refused")],
          },
        ],
      },
    ],
  },
  {
    name: "recovery",
    purpose: "Lets a user who lost every passkey get back into the account safely.",
    added: [
      {
        name: "Recovery codes",
        description: "The system SHALL issue ten single-use recovery codes.",
        scenarios: [
          {
            name: "Code used once",
            steps: [
              step("WHEN", "a recovery code is used twice"),
              step("THEN", "the second use fails"),
            ],
          },
        ],
      },
    ],
  },
];

const CHANGE = {
  name: "add-passkeys",
  why: "Passwords alone are phished too often; passkeys close that gap for every user of the service.",
  what_changes: ["Add passkey login", "Add recovery codes"],
  tasks: [
    { title: "Backend", items: ["Add the passkey endpoint", "Store recovery codes"] },
    { title: "Docs", items: ["Document passkeys"] },
  ],
  specs: SPECS,
};

/** What `openspec show <id> --json --type spec` reports for the requirements written from the input. */
function shownRequirements(spec: (typeof SPECS)[number]) {
  return spec.added.map((requirement) => ({
    text: requirement.description,
    scenarios: requirement.scenarios.map((scenario) => ({
      rawText: scenario.steps.map((s) => `- **${s.type}** ${s.text}`).join("\n"),
    })),
  }));
}

const hosts: Record<string, (options: HostOptions) => Promise<HostUnderTest>> = {
  library: openLibraryHost,
  cli: openCliHost,
  mcp: openMcpHost,
  hermes: openHermesHost,
  "mcp-2026": openMcpHost2026,
  "http-2026": openHttpHost2026,
};

describe("the whole change loop: propose, validate, tick, archive, unarchive", () => {
  it.each(Object.keys(hosts))(
    "GIVEN a fresh `openspec init` repository WHEN the %s host carries a change through its life THEN the baseline specs hold its requirements and unarchive says they stay",
    async (hostName) => {
      const sandbox = makeSandbox({ cli: true });
      const repo = sandbox.fresh;
      const host = await (hosts[hostName] as (options: HostOptions) => Promise<HostUnderTest>)({
        env: sandbox.env,
        cwd: sandbox.home,
      });
      const call = async (tool: string, args: Record<string, unknown>) => {
        const answer = await host.call(tool, { workdir: repo, ...args });
        if (answer.kind !== "result") throw new Error(`${tool} refused: ${answer.detail}`);
        return answer.result as Record<string, unknown>;
      };
      try {
        expect(await call("openspec_change_create", CHANGE)).toMatchObject({
          ok: true,
          warnings: [],
          validation: { valid: true },
        });
        expect(
          await call("openspec_validate", { target: "add-passkeys", type: "change" }),
        ).toMatchObject({ ok: true });
        expect(await call("openspec_change_archive", { change: "add-passkeys" })).toMatchObject({
          ok: false,
          code: "tasks_open",
          error: expect.stringMatching(/^3 of 3 /),
        });
        expect(
          await call("openspec_task_set_status", {
            change: "add-passkeys",
            ids: "all",
            done: true,
          }),
        ).toMatchObject({ ok: true, done: 3, total: 3 });

        const archived = await call("openspec_change_archive", { change: "add-passkeys" });
        expect(archived).toMatchObject({
          ok: true,
          specs_updated: true,
          specs: [
            { id: "passkeys", outcome: "created" },
            { id: "recovery", outcome: "created" },
          ],
          totals: { added: 3, modified: 0, removed: 0, renamed: 0 },
        });
        for (const spec of SPECS) {
          const shown = await runRealOpenSpec(repo, [
            "show",
            spec.name,
            "--json",
            "--type",
            "spec",
          ]);
          expect(JSON.parse(shown.stdout).requirements).toEqual(shownRequirements(spec));
          const text = readFileSync(join(repo, "openspec/specs", spec.name, "spec.md"), "utf8");
          for (const requirement of spec.added) {
            expect(text).toContain(`### Requirement: ${requirement.name}\n`);
          }
        }
        expect((await runRealOpenSpec(repo, ["validate", "--all", "--strict"])).status).toBe(0);

        expect(await call("openspec_change_unarchive", { change: "add-passkeys" })).toMatchObject({
          ok: true,
          archived_as: archived.archived_as,
          path: "openspec/changes/add-passkeys",
          specs_not_rolled_back: [
            { id: "passkeys", path: "openspec/specs/passkeys/spec.md" },
            { id: "recovery", path: "openspec/specs/recovery/spec.md" },
          ],
          notice: expect.stringContaining("NOT rolled back: passkeys, recovery"),
        });
        expect(await call("openspec_change_unarchive", { change: "add-passkeys" })).toMatchObject({
          ok: false,
          code: "change_not_found",
        });
      } finally {
        await host.close();
      }
    },
    300_000,
  );
});

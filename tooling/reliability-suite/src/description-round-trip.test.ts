import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { HostUnderTest } from "@org/host-harness";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { LONG_LIVED_HOSTS } from "./sandbox/hosts.js";
import { registerSource } from "./sandbox/register-source.js";

/**
 * Descriptions as people write them: paragraphs, fences holding `#` lines and
 * blank lines, lists, quotes, a table, indented code and trailing spaces.
 */
const DESCRIPTIONS = [
  "The system SHALL keep every paragraph.\n\nA second paragraph.\n\n\nAfter two blank lines.",
  "The system SHALL keep code.\n\n```ts\n# not a heading\n\nconst x = 1;\n```\n\nAfter the fence.",
  "The system SHALL keep lists:\n\n- one\n  - nested\n- two\n\n1. first\n2. second",
  "The system SHALL keep quotes.\n\n> Quoted\n>\n> across lines.",
  "The system MUST keep tables.\n\n| a | b |\n| - | - |\n| 1 | 2 |",
  "The system SHALL keep indented code.\n\n    # indented, not a heading\n    line two\n\nTrailing spaces stay:  \nhard break above.",
  "The system SHALL keep ~~~ fences.\n\n~~~\n## not a section\n#### Scenario: not a scenario\n~~~",
];

type Requirement = { name: string; description: string; scenarios?: unknown[] };

function requirements(): Requirement[] {
  return DESCRIPTIONS.map((description, index) => ({
    name: `Kept ${index + 1}`,
    description,
    scenarios: [
      {
        name: `Read back ${index + 1}`,
        steps: [
          { type: "WHEN", text: "the spec is shown" },
          { type: "THEN", text: "the description is exactly as written" },
        ],
      },
    ],
  }));
}

// A clean repository: the CLI's strict validation of the written spec must not trip over anything else.
let sandbox: { env: Record<string, string | undefined>; home: string; repo: string };
let rounds = 0;

beforeAll(async () => {
  const { env, home } = isolatedEnvironment();
  sandbox = { env, home, repo: makeOpenSpecRepository({}, "shop") };
  await registerSource(sandbox.env, sandbox.repo, "shop");
});

afterAll(() => {
  recordFigure(
    "description round trip",
    `${rounds} show → edit → create rounds, ${DESCRIPTIONS.length} descriptions each`,
  );
  removeTemporaryFolders();
});

describe.each(LONG_LIVED_HOSTS)(
  "rich requirement descriptions through the $host host",
  ({ host: hostName, open }) => {
    let host: HostUnderTest;
    beforeAll(async () => {
      host = await open({ env: sandbox.env, cwd: sandbox.home });
    });
    afterAll(async () => host?.close());

    const call = async (tool: string, args: Record<string, unknown>) => {
      const answer = await host.call(tool, args);
      expect(answer.kind).toBe("result");
      return (answer as { result: Record<string, unknown> }).result;
    };
    const shownDescriptions = async (name: string) => {
      const shown = await call("openspec_spec_show", { source: "shop", name });
      expect(shown).toMatchObject({ ok: true });
      return (shown.requirements as Requirement[]).map((requirement) => requirement.description);
    };

    it("WHEN a spec is created, shown, edited from what was shown, and written back with force THEN no word, blank line, fence, list or quote is lost, and the CLI still validates it strictly", async () => {
      const name = `kept-${hostName}`;
      const base = {
        source: "shop",
        name,
        title: "Kept",
        purpose: "Descriptions written by people come back exactly as they were written.",
      };
      expect(
        await call("openspec_spec_create", { ...base, requirements: requirements() }),
      ).toMatchObject({
        ok: true,
      });
      expect(await shownDescriptions(name)).toEqual(DESCRIPTIONS);

      // An agent rewrites the spec from what it read, adding one paragraph to each description.
      const edited = (await shownDescriptions(name)).map((text) => `${text}\n\nEdited once.`);
      const rewritten = requirements().map((requirement, index) => ({
        ...requirement,
        description: edited[index],
      }));
      expect(
        await call("openspec_spec_create", { ...base, requirements: rewritten, force: true }),
      ).toMatchObject({ ok: true, overwritten: true });
      expect(await shownDescriptions(name)).toEqual(edited);
      rounds += 1;

      const file = readFileSync(join(sandbox.repo, "openspec", "specs", name, "spec.md"), "utf8");
      for (const text of edited) expect(file).toContain(text);
      const validated = await runRealOpenSpec(sandbox.repo, [
        "validate",
        name,
        "--type",
        "spec",
        "--strict",
        "--json",
        "--no-interactive",
      ]);
      expect(validated.status, validated.stdout + validated.stderr).toBe(0);
    });
  },
);

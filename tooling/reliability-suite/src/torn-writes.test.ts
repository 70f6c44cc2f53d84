import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import { type HostUnderTest, openLibraryHost } from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { reliabilitySizes } from "./reliability-mode.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";

const sizes = reliabilitySizes();
const REWRITER = join(import.meta.dirname, "workers", "spec-rewriter.mjs");
/** Two chains of writers run side by side, each on a spec of its own. */
const CHAINS = 2;
/** Kills land up to this long after the writer's first replacement, most of them mid-write. */
const MAX_KILL_DELAY_MS = 40;

const requirement = (name: string) => ({
  name,
  description: `The system SHALL keep ${name} whole when its writer dies.`,
  scenarios: [
    {
      name: "Killed writer",
      steps: [
        { type: "WHEN", text: "the writer is killed mid-write" },
        { type: "THEN", text: "the old or the new file is there, whole" },
      ],
    },
  ],
});
/** Two contents of clearly different sizes, so a mix of the two cannot pass for either. */
const CONTENTS = [
  {
    title: "Old",
    purpose: "The old content of the spec, which a killed writer must leave whole.",
    requirements: [requirement("Old")],
  },
  {
    title: "New",
    purpose:
      "The new content of the spec, longer than the old one, which must also arrive whole or not at all.",
    requirements: ["New", "Newer", "Newest"].map(requirement),
  },
];

afterAll(removeTemporaryFolders);

/** Writes each content once through the library and returns the exact file text each gives. */
async function renderedContents(
  library: HostUnderTest,
  sandbox: Sandbox,
  name: string,
): Promise<string[]> {
  const texts: string[] = [];
  for (const content of CONTENTS) {
    const answer = await library.call("openspec_spec_create", {
      workdir: sandbox.repo,
      name,
      force: true,
      ...content,
    });
    if (answer.kind !== "result" || (answer.result as { ok?: unknown }).ok !== true) {
      throw new Error(`writing the spec failed: ${JSON.stringify(answer)}`);
    }
    texts.push(readFileSync(specFile(sandbox, name), "utf8"));
  }
  return texts;
}

function specFile(sandbox: Sandbox, name: string): string {
  return join(sandbox.repo, "openspec", "specs", name, "spec.md");
}

/** Starts a writer and resolves once it has loaded the library. */
async function startRewriter(sandbox: Sandbox, name: string) {
  const child = spawn(process.execPath, [REWRITER, sandbox.repo, name], {
    env: sandbox.env,
    cwd: sandbox.home,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      lines.on("line", (line) => {
        if (line === word) resolve();
        else if (line !== "ready" && line !== "writing")
          reject(new Error(`the writer failed: ${line}`));
      });
      child.once("exit", (code) =>
        reject(new Error(`the writer exited with ${code} before saying ${word}`)),
      );
    });
  const writing = said("writing");
  writing.catch(() => {});
  await said("ready");
  return { child, writing };
}

/** Kills `kills` writers of one spec at random moments; returns every text the file held afterwards. */
async function killWritersOf(sandbox: Sandbox, name: string, kills: number): Promise<string[]> {
  const seen: string[] = [];
  let next = startRewriter(sandbox, name);
  for (let kill = 0; kill < kills; kill += 1) {
    const { child, writing } = await next;
    // The next writer loads while this one writes, so kills come faster than start-ups.
    if (kill + 1 < kills) next = startRewriter(sandbox, name);
    child.stdin.write(JSON.stringify(CONTENTS));
    await writing;
    await delay(Math.random() * MAX_KILL_DELAY_MS);
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
    seen.push(readFileSync(specFile(sandbox, name), "utf8"));
  }
  return seen;
}

describe("torn writes", () => {
  it(`GIVEN a writer replacing a spec with force in a tight loop WHEN it is killed with SIGKILL at a random moment, ${sizes.tornWriteKills} times THEN the file is always exactly the old or the new content, and leftover temporary files never show up as specs`, async () => {
    const sandbox = makeSandbox();
    const library = await openLibraryHost({ env: sandbox.env, cwd: sandbox.home });
    const names = Array.from({ length: CHAINS }, (_, chain) => `torn-${chain}`);
    const rendered = await Promise.all(
      names.map((name) => renderedContents(library, sandbox, name)),
    );
    const perChain = Math.ceil(sizes.tornWriteKills / CHAINS);
    const seen = await Promise.all(names.map((name) => killWritersOf(sandbox, name, perChain)));

    seen.forEach((texts, chain) => {
      const whole = new Set(rendered[chain]);
      expect(texts.filter((text) => !whole.has(text))).toEqual([]);
    });
    const leftovers = names.flatMap((name) =>
      readdirSync(join(sandbox.repo, "openspec", "specs", name)).filter(
        (file) => file !== "spec.md",
      ),
    );
    expect(leftovers.every((file) => /^\.spec\.md\.\d+\.[0-9a-f]+\.tmp$/.test(file))).toBe(true);

    const listed = await library.call("openspec_spec_list", { workdir: sandbox.repo });
    expect(listed).toMatchObject({
      kind: "result",
      result: { ok: true, specs: ["auth", ...names] },
    });
    for (const name of names) {
      const again = await library.call("openspec_spec_create", {
        workdir: sandbox.repo,
        name,
        force: true,
        ...CONTENTS[0],
      });
      expect(again).toMatchObject({ kind: "result", result: { ok: true, overwritten: true } });
      const shown = await library.call("openspec_spec_show", { workdir: sandbox.repo, name });
      expect(shown).toMatchObject({ kind: "result", result: { ok: true, title: "Old" } });
    }
    await library.close();
    const kills = perChain * CHAINS;
    const olds = seen.reduce(
      (sum, texts, chain) => sum + texts.filter((text) => text === rendered[chain]?.[0]).length,
      0,
    );
    recordFigure(
      "torn writes",
      `${kills} writers killed mid-loop: ${olds} left the old content, ${kills - olds} the new, 0 torn; ${leftovers.length} temporary files left behind, none listed as a spec`,
    );
  });
});

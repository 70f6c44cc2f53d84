import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

const BUILT = pathToFileURL(join(import.meta.dirname, "..", "dist", "index.js")).href;

/** One createChange in a process of its own, so the writers really race. */
function createInProcess(root: string, writer: number): Promise<Record<string, unknown>> {
  const script = `
    const { openRepository, createChange } = await import(${JSON.stringify(BUILT)});
    const opened = openRepository(${JSON.stringify(root)});
    const result = await createChange(opened.repository, {
      name: "contested",
      why: "Writer ${writer} wants this change to exist, with its own why of fifty characters or more.",
      whatChanges: ["Writer ${writer}"],
      tasks: [{ title: "Writer ${writer}", items: ["One", "Two", "Three"] }],
      specs: [{ name: "writer-${writer}", purpose: "Only writer ${writer} writes this capability, so a mix would show.", added: [{ name: "Mine", description: "The system SHALL keep writer ${writer}.", scenarios: [{ name: "Kept", steps: [{ type: "THEN", text: "writer ${writer} is kept" }] }] }] }],
    });
    process.stdout.write(JSON.stringify({ ...result, writer: ${writer} }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", () => resolve(JSON.parse(out) as Record<string, unknown>));
  });
}

describe("createChange under concurrent writers", () => {
  it("GIVEN eight processes creating the same change at once WHEN they finish THEN one wins, the others get change_exists, and the change holds the winner's files only", async () => {
    const root = makeOpenSpecRepository();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, writer) => createInProcess(root, writer)),
    );
    const winners = results.filter((result) => result.ok === true);
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.ok === false).map((result) => result.code)).toEqual(
      Array(7).fill("change_exists"),
    );
    const writer = winners[0]?.writer;
    const change = join(root, "openspec", "changes", "contested");
    expect(readFileSync(join(change, "proposal.md"), "utf8")).toContain(`- Writer ${writer}\n`);
    expect(readFileSync(join(change, "tasks.md"), "utf8")).toContain(`## 1. Writer ${writer}\n`);
    expect(readdirSync(join(change, "specs"))).toEqual([`writer-${writer}`]);
    expect(readdirSync(join(root, "openspec", "changes")).sort()).toEqual(["archive", "contested"]);
  }, 60_000);
});

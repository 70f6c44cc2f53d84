import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { workflowCatalog } from "@org/openspec-core";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { installHermesPlugin } from "./install-hermes-plugin.js";
import { uninstallHermesPlugin } from "./uninstall-hermes-plugin.js";

afterEach(removeTemporaryFolders);

/** Every entry under `root`: its path, kind, mode and content (or link target), hashed as one. */
function treeHash(root: string): { hash: string; entries: string[] } {
  const entries: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const stat = lstatSync(path);
      const where = relative(root, path);
      if (stat.isSymbolicLink()) entries.push(`link ${where} -> ${readlinkSync(path)}`);
      else if (stat.isDirectory()) {
        entries.push(`dir ${where} ${stat.mode.toString(8)}`);
        walk(path);
      } else {
        const digest = createHash("sha256").update(readFileSync(path)).digest("hex");
        entries.push(`file ${where} ${stat.mode.toString(8)} ${digest}`);
      }
    }
  };
  walk(root);
  return { hash: createHash("sha256").update(entries.join("\n")).digest("hex"), entries };
}

/** A Hermes home someone uses: skills of their own (one named like ours), other plugins, a commented config. */
function livedInHermesHome(): string {
  const home = temporaryFolder("hermes-home-");
  const files: Record<string, string> = {
    "config.yaml":
      "# mine\nplugins:\n  enabled:\n    - weather # forecasts\nskills:\n  disabled: []\n",
    "skills/my-notes/SKILL.md": "---\nname: my-notes\ndescription: Notes.\n---\n\nKeep notes.\n",
    "skills/openspec-propose/SKILL.md":
      "---\nname: openspec-propose\ndescription: The OpenSpec CLI's own skill.\n---\n\nRun openspec.\n",
    "skills/devops/deploy/SKILL.md": "---\nname: deploy\ndescription: Deploy.\n---\n\nShip it.\n",
    "skills/.hub/lock.json": "{}\n",
    "plugins/weather/plugin.yaml": "name: weather\n",
    "plugins/weather/__init__.py": "def register(ctx):\n    pass\n",
    ".env": "SOME_KEY=1\n",
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(home, path, ".."), { recursive: true });
    writeFileSync(join(home, path), content);
  }
  symlinkSync(join(home, "skills", "my-notes"), join(home, "skills", "notes-link"));
  return home;
}

describe("installing and uninstalling the plugin with its workflow skills", () => {
  it("GIVEN a Hermes home with skills and plugins of its own WHEN the plugin is installed THEN the skills ship inside the plugin folder and nothing of the user's changes", () => {
    const home = livedInHermesHome();
    const before = treeHash(home).entries;

    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true });

    for (const workflow of workflowCatalog) {
      expect(
        existsSync(join(home, "plugins", "openspec", "skills", workflow.name, "SKILL.md")),
      ).toBe(true);
    }
    const after = treeHash(home).entries;
    const ours = (entry: string) =>
      / plugins\/openspec(\/| )/.test(entry) || entry.startsWith("file config.yaml ");
    expect(after.filter((entry) => !ours(entry))).toEqual(before.filter((entry) => !ours(entry)));
    expect(readFileSync(join(home, "skills", "openspec-propose", "SKILL.md"), "utf8")).toContain(
      "The OpenSpec CLI's own skill.",
    );
  });

  it("GIVEN that home WHEN the plugin is installed and uninstalled THEN the whole tree is byte-identical to before", () => {
    const home = livedInHermesHome();
    const before = treeHash(home);

    expect(installHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true });
    expect(treeHash(home).hash).not.toBe(before.hash);
    expect(uninstallHermesPlugin({ hermesHome: home })).toMatchObject({ ok: true });

    const after = treeHash(home);
    expect(after.entries).toEqual(before.entries);
    expect(after.hash).toBe(before.hash);
  });
});

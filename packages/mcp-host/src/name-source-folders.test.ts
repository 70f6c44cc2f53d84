import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder, turnsDuring } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { nameSourceFolders } from "./name-source-folders.js";

afterAll(removeTemporaryFolders);

describe("nameSourceFolders", () => {
  it("GIVEN sources registered through symlinks WHEN an answer names their real folders THEN each reads as its source's name, and the event loop turned while the real folders were asked for", async () => {
    const base = temporaryFolder("named-");
    const sources = Array.from({ length: 50 }, (_, index) => {
      const real = join(base, "disk", `repo-${index}`);
      mkdirSync(real, { recursive: true });
      const path = join(base, `link-${index}`);
      symlinkSync(real, path);
      return { name: `repo-${index}`, path };
    });
    const answer = {
      error: `Failed to read ${join(base, "disk", "repo-7", "openspec", "config.yaml")}: nope.`,
      path: join(base, "link-8"),
    };
    const { value, turns } = await turnsDuring(() => nameSourceFolders(answer, sources));
    expect(turns).toBeGreaterThan(0);
    expect(value).toEqual({
      error: "Failed to read repo-7/openspec/config.yaml: nope.",
      path: "repo-8",
    });
  });

  it("GIVEN a source's symlink pointed elsewhere after an answer WHEN the next answer names the new folder THEN it reads as the source's name, and the old folder no longer does", async () => {
    const base = temporaryFolder("moved-");
    const [first, second] = [join(base, "first"), join(base, "second")];
    mkdirSync(first);
    mkdirSync(second);
    const path = join(base, "shop");
    symlinkSync(first, path);
    const sources = [{ name: "shop", path }];
    expect(await nameSourceFolders({ at: `${first}/x` }, sources)).toEqual({ at: "shop/x" });
    rmSync(path);
    symlinkSync(second, path);
    expect(await nameSourceFolders({ at: `${second}/x`, old: `${first}/x` }, sources)).toEqual({
      at: "shop/x",
      old: `${first}/x`,
    });
  });
});

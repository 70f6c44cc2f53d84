import { describe, expect, it } from "vitest";
import { nodeOptionsPreloadFolders } from "./node-options-preload-folders.js";

describe("nodeOptionsPreloadFolders", () => {
  it("GIVEN NODE_OPTIONS that preload modules by path, URL and name WHEN read THEN the folders of the paths and URLs, and nothing for names or other options", () => {
    expect(
      nodeOptionsPreloadFolders(
        '--max-old-space-size=512 --require /opt/apm/agent.js -r "/srv/my hooks/trace.cjs" --import=file:///srv/esm/hook.mjs --require dotenv/config --loader ./relative.mjs',
      ),
    ).toEqual(["/opt/apm", "/srv/my hooks", "/srv/esm"]);
  });

  it("GIVEN no NODE_OPTIONS, or an option without its value WHEN read THEN no folder", () => {
    expect(nodeOptionsPreloadFolders(undefined)).toEqual([]);
    expect(nodeOptionsPreloadFolders("--require")).toEqual([]);
  });
});

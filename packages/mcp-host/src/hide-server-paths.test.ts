import { describe, expect, it } from "vitest";
import { hideServerPaths, SERVER_PATH } from "./hide-server-paths.js";

const TOP = new Set(["home", "srv", "tmp", "usr"]);

describe("hideServerPaths: what a token holder reads of the server's folders", () => {
  it("GIVEN an answer with a parent project's root, a store and the CLI's install folder at any depth WHEN hidden THEN each reads <server path>, the command names files only, and the home reads ~", () => {
    const answer = {
      ok: true,
      command: ["/usr/bin/node", "/srv/app/node_modules/.pnpm/x/openspec.js", "show"],
      stdout: {
        root: { path: "/srv/projects/parent" },
        references: [{ id: "team", root: "/srv/stores/team", specs: ["auth"] }],
        schemas: [
          { name: "spec-driven", path: "/srv/app/node_modules/.pnpm/x/schemas/spec-driven" },
        ],
      },
      error: "Failed to read /tmp/scratch-1/openspec/config.yaml: nope.",
      note: "Config at /home/ops/.config/openspec. Scratch at /tmp/x.",
    };
    const hidden = hideServerPaths(answer, "/home/ops", TOP);
    expect(hidden).toEqual({
      ok: true,
      command: ["node", "openspec.js", "show"],
      stdout: {
        root: { path: SERVER_PATH },
        references: [{ id: "team", root: SERVER_PATH, specs: ["auth"] }],
        schemas: [{ name: "spec-driven", path: SERVER_PATH }],
      },
      error: `Failed to read ${SERVER_PATH}: nope.`,
      note: `Config at ~/.config/openspec. Scratch at ${SERVER_PATH}.`,
    });
  });

  it("GIVEN source-relative paths, URLs and API routes the server has no top folder for WHEN hidden THEN they stay as they were", () => {
    const answer = {
      path: "shop/openspec/specs/auth/spec.md",
      text: "GET /api/orders returns 200; see https://example.com/srv/docs and and/or ~/notes.",
    };
    expect(hideServerPaths(answer, "/home/ops", TOP)).toEqual(answer);
  });
});

import { describe, expect, it } from "vitest";
import { hideServerPaths, SERVER_PATH } from "./hide-server-paths.js";
import type { ServerFolders } from "./server-folders.js";

/** The server's folders as `createServerFolders` gives them for sources in /srv/projects/parent. */
const FOLDERS: ServerFolders = {
  subtrees: new Set([
    "/srv/projects/parent",
    "/srv/stores/team",
    "/srv/app",
    "/home/ops/.local/share/openspec",
  ]),
  exact: new Set(["/srv/projects"]),
  visible: new Set(["/srv/projects/parent/shop"]),
};

describe("hideServerPaths: what a token holder reads of the server's folders", () => {
  it("GIVEN an answer with a parent project's root, a store and the CLI's install folder at any depth WHEN hidden THEN each reads <server path>, the command names files only, and the home reads ~", async () => {
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
      error: "Failed to read /srv/projects/parent/openspec/config.yaml: nope.",
      note: "Config at /home/ops/.config/openspec. Stores at /home/ops/.local/share/openspec/stores. Root /srv/projects.",
    };
    const hidden = await hideServerPaths(answer, "/home/ops", FOLDERS);
    expect(hidden).toEqual({
      ok: true,
      command: ["node", "openspec.js", "show"],
      stdout: {
        root: { path: SERVER_PATH },
        references: [{ id: "team", root: SERVER_PATH, specs: ["auth"] }],
        schemas: [{ name: "spec-driven", path: SERVER_PATH }],
      },
      error: `Failed to read ${SERVER_PATH}: nope.`,
      note: `Config at ~/.config/openspec. Stores at ${SERVER_PATH}. Root ${SERVER_PATH}.`,
    });
  });

  it("GIVEN repository text quoting /etc/hosts, /usr/local/bin/x, /srv/app2, a route and a URL WHEN hidden THEN every one stays as written: they are the user's content, not the server's folders", async () => {
    const answer = {
      path: "shop/openspec/specs/auth/spec.md",
      text: "Read /etc/myapp/config.yaml and /etc/hosts, run /usr/local/bin/x. Not /srv/app2/y or /srv/projects/other.txt either. GET /api/orders; see https://example.com/srv/app and and/or ~/notes.",
      command: ["openspec", "show", "/etc/hosts"],
    };
    expect(await hideServerPaths(answer, "/home/ops", FOLDERS)).toEqual(answer);
  });

  it("GIVEN a path inside a source the token may see, under the hidden parent folder, and a path climbing out of it WHEN hidden THEN the source's path stays and the climb reads <server path>", async () => {
    const answer = {
      inside: "*/srv/projects/parent/shop/openspec/specs*",
      climbing: "/srv/projects/parent/shop/../neighbour/secret.md",
      parent: "/srv/projects/parent/",
    };
    expect(await hideServerPaths(answer, "/home/ops", FOLDERS)).toEqual({
      inside: "*/srv/projects/parent/shop/openspec/specs*",
      climbing: SERVER_PATH,
      parent: SERVER_PATH,
    });
  });
});

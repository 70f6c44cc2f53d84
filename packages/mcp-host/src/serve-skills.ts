// Wired by hand rather than with the SDK's `SkillsExtension.attach()`: it
// needs an `McpServer`, whose resource registry would replace the paged
// resource handlers (`register-resources.ts`) that the skill files share with
// the sources' specs and changes. The reads, listing and template of the skill
// files are answered there; this file adds the extension's own methods.
import {
  type ProtocolEra,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from "@modelcontextprotocol/server";
import { anyParams } from "./parse-request.js";
import type { WorkflowSkills } from "./workflow-skills.js";

// The extension's names as the SDK's `ext/skills` exports them, written out so
// that a server registers the methods without loading that module, whose
// schemas cost a start some 4 ms of CPU before its first answer (the skills
// themselves load on the first skills request); serve-skills.test.ts keeps
// them equal to the SDK's.
export const SKILLS_EXTENSION_ID = "io.modelcontextprotocol/skills";
export const SKILLS_LIST_METHOD = "skills/list";
export const SKILLS_GET_METHOD = "skills/get";

/**
 * How long a 2026-07-28 client may keep the skills, and that anyone may share
 * them: they are the same for every caller and change only with the server.
 */
const SKILL_CACHE = { ttlMs: 300_000, cacheScope: "public" } as const;

/**
 * Serves the workflows as skills (the `io.modelcontextprotocol/skills`
 * extension): `skills/list` (every skill on one page) and `skills/get`, and
 * declares the extension, which `initialize` (2025) and `server/discover`
 * (2026-07-28) both carry. Call it before the server connects.
 */
export function serveSkills(mcp: Server, skills: WorkflowSkills, era: ProtocolEra): void {
  // The caching fields exist from 2026-07-28 on; a 2025 result leaves them out, as the SDK's own does.
  const cache = era === "modern" ? SKILL_CACHE : {};
  mcp.setRequestHandler(SKILLS_LIST_METHOD, { params: anyParams }, async (params) => {
    if (params.cursor !== undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "The skills/list cursor is not one this server handed out: every skill is on the first page, so list again without a cursor.",
      );
    }
    return { skills: [...(await skills.list())], ...cache };
  });
  mcp.setRequestHandler(SKILLS_GET_METHOD, { params: anyParams }, async (params) => {
    const uri = params.uri;
    if (typeof uri !== "string") {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Invalid uri: skills/get needs the uri of a skill's SKILL.md, as skills/list gives it.",
      );
    }
    const skill = await skills.get(uri);
    if (skill === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `No skill is served at ${uri}. Ask for a uri that skills/list gives.`,
        { uri },
      );
    }
    return { skill, ...cache };
  });
  mcp.registerCapabilities({ extensions: { [SKILLS_EXTENSION_ID]: {} } });
}

import type { ReadResourceResult } from "@modelcontextprotocol/server";
import type { Skill } from "@modelcontextprotocol/server/ext/skills";
import { type Workflow, workflowCatalog, workflowSkillFiles } from "@org/openspec-core";
import { resourceNotFound } from "./resource-error.js";
import { SKILL_SCHEME } from "./resource-uri.js";

/** Every skill URI of ours starts with this: `skill://openspec/<workflow>/SKILL.md`. */
const SKILL_URI_ROOT = `${SKILL_SCHEME}openspec/`;

/** The rendered SKILL.md files, keyed `<workflow>/SKILL.md`, and the catalog's entries by URI. */
type Loaded = { files: Record<string, string>; skills: Map<string, Skill> };

/** The workflows as MCP skills, held by the host and served by every server built on it. */
export type WorkflowSkills = {
  /** The skill entries `skills/list` answers, sorted by URI, with the digests the SDK computed. */
  list(): Promise<readonly Skill[]>;
  /** The entry whose SKILL.md is at `uri`, if one is served. */
  get(uri: string): Promise<Skill | undefined>;
  /** A skill file's content; a URI no skill serves is a missing resource. */
  read(uri: string): Promise<ReadResourceResult>;
};

/**
 * The workflows' SKILL.md files (core's: the same name, description and
 * instructions the Hermes plugin ships) in the SDK's skill catalog, which
 * checks them against the skills extension's rules and computes each file's
 * digest. The catalog, and the SDK's module with it, is loaded on the first
 * skills request, once: loading it costs some 50 ms of CPU (the first SHA-256
 * through WebCrypto, the front matter parser), which a start before the first
 * `tools/list` should not pay.
 * The front matter carries only strings: the SDK skips a skill whose
 * `metadata` is not a map of strings, so Hermes's nested tags stay out.
 */
export function workflowSkills(
  version: string,
  workflows: readonly Workflow[] = workflowCatalog,
  warn: (message: string) => void = () => {},
): WorkflowSkills {
  let loaded: Promise<Loaded> | undefined;
  const load = (): Promise<Loaded> => {
    loaded ??= (async () => {
      const files = workflowSkillFiles(workflows, {
        frontMatter: ["metadata:", `  version: ${JSON.stringify(version)}`],
      });
      const { memorySkillFiles, SkillCatalog } = await import(
        "@modelcontextprotocol/server/ext/skills"
      );
      const catalog = await SkillCatalog.load(memorySkillFiles(files), {
        prefix: "openspec",
        onWarning: (warning) => warn(`skill ${warning.path}: ${warning.message}`),
      });
      return { files, skills: new Map(catalog.entries.map((skill) => [skill.uri, skill])) };
    })();
    return loaded;
  };
  return {
    list: async () => [...(await load()).skills.values()],
    get: async (uri) => (await load()).skills.get(uri),
    async read(uri) {
      // The files never change once rendered, so they are the bytes the entries' digests cover.
      const { files } = await load();
      const path = uri.startsWith(SKILL_URI_ROOT) ? uri.slice(SKILL_URI_ROOT.length) : undefined;
      const text = path === undefined || !Object.hasOwn(files, path) ? undefined : files[path];
      if (text === undefined) {
        throw resourceNotFound(
          uri,
          `No skill file is served at ${uri}.`,
          "Read a SKILL.md that skills/list names.",
          "skill_not_found",
        );
      }
      return { contents: [{ uri, mimeType: "text/markdown", text }] };
    },
  };
}

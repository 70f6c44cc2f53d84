import type { ReadResourceResult } from "@modelcontextprotocol/server";
import {
  memorySkillFiles,
  type Skill,
  SkillCatalog,
} from "@modelcontextprotocol/server/ext/skills";
import { type Workflow, workflowCatalog, workflowSkillFiles } from "@org/openspec-core";
import { resourceNotFound } from "./resource-error.js";
import { SKILL_SCHEME } from "./resource-uri.js";

/** Every skill URI of ours starts with this: `skill://openspec/<workflow>/SKILL.md`. */
export const SKILL_URI_ROOT = `${SKILL_SCHEME}openspec/`;

const MARKDOWN = "text/markdown";

/** The workflows as MCP skills, loaded once per host and served by every server built on it. */
export type WorkflowSkills = {
  /** The skill entries `skills/list` answers, sorted by URI, with the digests the SDK computed. */
  readonly entries: readonly Skill[];
  /** The entry whose SKILL.md is at `uri`, if one is served. */
  get(uri: string): Skill | undefined;
  /** A skill file's content; a URI no skill serves is a missing resource. */
  read(uri: string): ReadResourceResult;
};

/**
 * Loads the workflows' SKILL.md files (core's, the same name, description and
 * instructions the Hermes plugin ships) into the SDK's skill catalog, which
 * checks them against the skills extension's rules and computes each file's
 * digest. Their front matter carries only strings: the SDK skips a skill
 * whose `metadata` is not a map of strings, so Hermes's nested tags stay out.
 */
export async function loadWorkflowSkills(
  version: string,
  workflows: readonly Workflow[] = workflowCatalog,
  warn: (message: string) => void = () => {},
): Promise<WorkflowSkills> {
  const files = workflowSkillFiles(workflows, {
    frontMatter: ["metadata:", `  version: ${JSON.stringify(version)}`],
  });
  const catalog = await SkillCatalog.load(memorySkillFiles(files), {
    prefix: "openspec",
    onWarning: (warning) => warn(`skill ${warning.path}: ${warning.message}`),
  });
  const entries = catalog.entries;
  const byUri = new Map(entries.map((skill) => [skill.uri, skill]));
  return {
    entries,
    get: (uri) => byUri.get(uri),
    read(uri) {
      // The files were rendered above and never change, so they are the bytes the entries' digests cover.
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
      return { contents: [{ uri, mimeType: MARKDOWN, text }] };
    },
  };
}

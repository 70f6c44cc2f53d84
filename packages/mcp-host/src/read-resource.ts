import type { ReadResourceResult } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { findChange, findIdea, findSpec } from "./find-resource-context.js";
import { renderChangeOverview } from "./render-change-overview.js";
import { resourceFailure, resourceNotFound } from "./resource-error.js";
import { parseResourceUri } from "./resource-uri.js";

const MARKDOWN = "text/markdown";

/**
 * Answers resources/read. Everything is read through the catalog's
 * `openspec_context`; a URI of the wrong shape is -32602, a resource that is
 * not there -32002, each with a sentence saying what to do.
 */
export async function readResource(catalog: Catalog, uri: string): Promise<ReadResourceResult> {
  const parsed = parseResourceUri(uri);
  if (!parsed.ok) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `${parsed.error} Use openspec://<source>/specs/<spec-id>, openspec://<source>/changes/<change>[/proposal|/tasks|/design] or openspec://<source>/changes/archive/<change> or openspec://<source>/ideas/<slug>, or list them with resources/list.`,
      { uri },
    );
  }
  const address = parsed.address;
  if (address.kind === "spec") {
    const answer = await findSpec(catalog, uri, address.source, address.spec);
    return contents(uri, answer.spec.content, answer.spec.truncated ? answer.spec.size : undefined);
  }
  if (address.kind === "idea") {
    const answer = await findIdea(catalog, uri, address.source, address.idea);
    return contents(uri, answer.idea.content, answer.idea.truncated ? answer.idea.size : undefined);
  }
  const archived = address.kind === "archived_change";
  const answer = await findChange(catalog, uri, address.source, address.change, archived);
  if (address.kind !== "change_artifact") {
    return contents(uri, renderChangeOverview(address.source, answer));
  }
  const text = answer.change[address.artifact];
  // Warnings name files relative to the repository root, as the change's path is.
  const file = `${answer.change.path}/${address.artifact}.md`;
  if (text !== null) {
    const cut = answer.change.warnings?.find((w) => w.code === "truncated" && w.path === file);
    return contents(uri, text, cut?.size);
  }
  const problem = answer.change.warnings?.find((w) => w.path === file);
  if (problem !== undefined)
    throw resourceFailure(uri, { code: problem.code, error: problem.message });
  throw resourceNotFound(
    uri,
    `Change "${address.change}" of source "${address.source}" has no ${address.artifact}.md.`,
    `Write it with openspec_change_write (artifact "${address.artifact}"), or read openspec://${encodeURIComponent(address.source)}/changes/${encodeURIComponent(address.change)} for what the change has.`,
    "artifact_not_found",
  );
}

/** One text content; a file cut at the catalog's size cap says so in `_meta`. */
function contents(uri: string, text: string, size?: number): ReadResourceResult {
  return {
    contents: [
      {
        uri,
        mimeType: MARKDOWN,
        text,
        ...(size === undefined ? {} : { _meta: { truncated: true, size } }),
      },
    ],
  };
}

/** The parts of a change a resource of its own serves. */
export const CHANGE_ARTIFACTS = ["proposal", "tasks", "design"] as const;
export type ChangeArtifact = (typeof CHANGE_ARTIFACTS)[number];

/** What an `openspec://` URI names; `source` is a registered source's display name or token. */
export type ResourceAddress =
  | { kind: "spec"; source: string; spec: string }
  | { kind: "change"; source: string; change: string }
  | { kind: "change_artifact"; source: string; change: string; artifact: ChangeArtifact }
  | { kind: "archived_change"; source: string; change: string }
  | { kind: "idea"; source: string; idea: string };

export const RESOURCE_SCHEME = "openspec://";

/** The skills extension's URI scheme: the workflow skills' files are `skill://openspec/<workflow>/SKILL.md`. */
export const SKILL_SCHEME = "skill://";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNSAFE_IN_SEGMENT = /[/\\\u0000-\u001f\u007f]/;

/** The one spelling of an address: every segment percent-encoded, a nested spec id one segment per folder. */
export function formatResourceUri(address: ResourceAddress): string {
  const source = `${RESOURCE_SCHEME}${encodeURIComponent(address.source)}`;
  switch (address.kind) {
    case "spec":
      return `${source}/specs/${address.spec.split("/").map(encodeURIComponent).join("/")}`;
    case "change":
      return `${source}/changes/${encodeURIComponent(address.change)}`;
    case "change_artifact":
      return `${source}/changes/${encodeURIComponent(address.change)}/${address.artifact}`;
    case "archived_change":
      return `${source}/changes/archive/${encodeURIComponent(address.change)}`;
    case "idea":
      return `${source}/ideas/${encodeURIComponent(address.idea)}`;
  }
}

/**
 * Reads an `openspec://` URI, or says in one sentence why it is not one this
 * server serves. Only the shape is checked here: whether the source, change or
 * spec exists, and every rule about paths, is the catalog's to answer.
 */
export function parseResourceUri(
  uri: string,
): { ok: true; address: ResourceAddress } | { ok: false; error: string } {
  if (!uri.startsWith(RESOURCE_SCHEME)) {
    return refuse(`"${clip(uri)}" is not an ${RESOURCE_SCHEME} URI.`);
  }
  const segments = decodeSegments(uri.slice(RESOURCE_SCHEME.length));
  if (segments === undefined) {
    return refuse(
      `"${clip(uri)}" has an empty, ".", ".." or badly encoded segment, or an encoded slash or control character.`,
    );
  }
  const [source, area, ...rest] = segments;
  if (source !== undefined && area === "specs" && rest.length > 0) {
    return { ok: true, address: { kind: "spec", source, spec: rest.join("/") } };
  }
  if (source !== undefined && area === "ideas" && rest.length === 1 && rest[0] !== undefined) {
    return { ok: true, address: { kind: "idea", source, idea: rest[0] } };
  }
  if (source !== undefined && area === "changes") {
    const [first, second, ...more] = rest;
    if (first === "archive" && second !== undefined && more.length === 0) {
      return { ok: true, address: { kind: "archived_change", source, change: second } };
    }
    if (first !== undefined && first !== "archive" && more.length === 0) {
      if (second === undefined)
        return { ok: true, address: { kind: "change", source, change: first } };
      const artifact = CHANGE_ARTIFACTS.find((name) => name === second);
      if (artifact !== undefined) {
        return { ok: true, address: { kind: "change_artifact", source, change: first, artifact } };
      }
    }
  }
  return refuse(`"${clip(uri)}" names no OpenSpec resource.`);
}

function refuse(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function decodeSegments(path: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === "" || segment === "." || segment === ".." || UNSAFE_IN_SEGMENT.test(segment)) {
      return undefined;
    }
    segments.push(segment);
  }
  return segments;
}

function clip(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const visible = text.replace(/[\u0000-\u001f\u007f]/g, "?");
  return visible.length > 120 ? `${visible.slice(0, 117)}...` : visible;
}

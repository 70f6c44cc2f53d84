const part = (text: string) => encodeURIComponent(text);

export const sourceUrl = (source: string) => `/s/${part(source)}`;

export const changeUrl = (source: string, change: string, archived = false) =>
  `/s/${part(source)}/${archived ? "archive" : "changes"}/${part(change)}`;

export const ideaUrl = (source: string, idea: string) => `/s/${part(source)}/ideas/${part(idea)}`;

export const specUrl = (source: string, spec: string) => `/s/${part(source)}/specs/${part(spec)}`;

/** The anchor of a requirement on its spec's page. */
export const requirementAnchor = (name: string) =>
  `req-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

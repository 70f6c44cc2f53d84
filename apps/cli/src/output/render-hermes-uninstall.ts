import type { ResultBlock, ToolSuccess } from "@org/openspec-core";

/**
 * `hermes uninstall` for people, instead of the JSON: what it removed, or
 * that there was nothing to remove, and when it removed something, that a
 * running Hermes still has the plugin loaded until it restarts.
 */
export function renderHermesUninstall(result: ToolSuccess): readonly ResultBlock[] {
  const done = Array.isArray(result.done) ? result.done.map(String) : [];
  if (done.length === 0) {
    return [
      {
        kind: "text",
        text: `the plugin was not installed in ${String(result.hermes_home)}; nothing to remove`,
      },
    ];
  }
  return [
    ...done.map((line): ResultBlock => ({ kind: "text", text: line })),
    {
      kind: "text",
      text: "next  restart Hermes, if it is running, to unload the plugin",
      tone: "strong",
    },
  ];
}

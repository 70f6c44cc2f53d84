import type { ToolSuccess } from "@org/openspec-core";
import { z } from "zod";

const warnings = z.array(z.object({ message: z.string() }));
const noticed = z.object({
  warnings: warnings.optional(),
  change: z.object({ warnings: warnings.optional() }).optional(),
  spec: z.object({ path: z.string(), truncated: z.literal(true), size: z.number() }).optional(),
});
const cutSpec = z.object({ path: z.string(), truncated: z.literal(true), size: z.number() });

/**
 * What a reading answer left out or cut, one sentence each: files that could
 * not be read, symlink loops, artifacts over the size cap. The readable views
 * show content only, so these go beside them.
 */
export function readNotices(tool: string, result: ToolSuccess): string[] {
  if (tool === "openspec_spec_show") {
    const cut = cutSpec.safeParse(result);
    return cut.success ? [cutMessage(cut.data.path, cut.data.size)] : [];
  }
  if (tool !== "openspec_context" && tool !== "openspec_spec_list") return [];
  const parsed = noticed.safeParse(result);
  if (!parsed.success) return [];
  const { data } = parsed;
  return [
    ...(data.warnings ?? []).map((warning) => warning.message),
    ...(data.change?.warnings ?? []).map((warning) => warning.message),
    ...(data.spec ? [cutMessage(data.spec.path, data.spec.size)] : []),
  ];
}

function cutMessage(path: string, size: number): string {
  return `${path} is ${size} bytes; only its first part is shown (--json has truncated and size).`;
}

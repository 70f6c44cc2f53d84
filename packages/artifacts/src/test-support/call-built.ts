import { execFileSync } from "node:child_process";
import { chmodSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { NOBODY } from "@org/test-kit";

/** The script each call runs in, as the user nobody where the test asks for it. */
export const CALL_BUILT_WORKER = join(import.meta.dirname, "call-built.mjs");

/**
 * Calls a function of the built package in a process of its own, stopped
 * after a generous deadline: a read that blocks fails the test instead of
 * hanging the runner. `asNobody` runs it as the user `nobody`, so a file
 * without read permission really cannot be read.
 */
export function callBuilt(
  call: "showSpec" | "listSpecs" | "context" | "previewChangeArchive",
  root: string,
  args: Record<string, unknown> = {},
  options: { asNobody?: boolean } = {},
): Record<string, unknown> {
  const out = execFileSync(
    process.execPath,
    [CALL_BUILT_WORKER, call, root, JSON.stringify(args)],
    {
      encoding: "utf8",
      timeout: 60_000,
      // Only root may switch users; anyone else is unprivileged already.
      ...(options.asNobody && process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {}),
    },
  );
  return JSON.parse(out) as Record<string, unknown>;
}

/** Lets every user read a folder the test made (mkdtemp makes it private), so only what a test closes is closed. */
export function openToEveryone(path: string): void {
  const stats = statSync(path);
  if (!stats.isDirectory()) {
    if (stats.isFile()) chmodSync(path, 0o644);
    return;
  }
  chmodSync(path, 0o755);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (!entry.isSymbolicLink()) openToEveryone(join(path, entry.name));
  }
}

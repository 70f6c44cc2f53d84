import { parentPort } from "node:worker_threads";
import { renderMarkdown } from "./render-markdown.js";

/**
 * The thread `MarkdownRenderer` renders markdown in, so that a slow text
 * holds this thread, never the server's: `{ ready: true }` once loaded, then
 * `{ id, text }` in, `{ id, html }` or `{ id, error }` out.
 */
parentPort?.on("message", (job: { id: number; text: string }) => {
  try {
    parentPort?.postMessage({ id: job.id, html: renderMarkdown(job.text) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: String((error as Error)?.message ?? error) });
  }
});
parentPort?.postMessage({ ready: true });

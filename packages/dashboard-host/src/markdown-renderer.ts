import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { SafeHtml } from "./html.js";
import { markdownRisk } from "./markdown-risk.js";
import { plainMarkdown } from "./plain-markdown.js";

/** How long one text may take to render before it is shown as plain text (a plain 128 KiB takes 0.35 s). */
export const DEFAULT_RENDER_TIME_LIMIT_MS = 2000;
/** Rendered HTML kept for texts seen before, in characters: live updates re-fetch whole pages. */
const CACHE_CHARS = 16 * 1024 * 1024;
/** How long a new worker may take to load the renderer before the waiting texts are shown plain. */
const WORKER_START_LIMIT_MS = 30_000;
/** How long a text that ran out of time stays plain before it is tried again (the load may have passed). */
const TIMED_OUT_FOR_MS = 5 * 60_000;

type Job = { id: number; key: string; text: string; resolve: (html: SafeHtml) => void };
type Cached = { html: SafeHtml; until: number };

/**
 * Renders a repository's markdown for the pages without letting any text
 * stop the server. Rendering runs in a worker thread, one text at a time,
 * each with a time limit: a text that runs over has the worker terminated and
 * is shown as plain text with a notice, and a new worker takes the rest.
 * Texts of a shape known to be slow (`markdownRisk`) are shown plain without
 * trying. Results are cached by the text's hash, so the re-fetch of a live
 * update renders nothing again.
 *
 * Why both: the checks alone cannot bound the time, since remark costs
 * 13–20 µs per character on text dense with markers even below every
 * threshold (250 KB in 1,000 paragraphs of 250 `*_` took 3.2 s on an idle
 * core), and a worker alone would let the known slow inputs run into the time
 * limit on every cache miss, each holding the worker (and the pages queued
 * behind it) for the whole limit.
 */
export class MarkdownRenderer {
  readonly #timeLimitMs: number;
  readonly #cache = new Map<string, Cached>();
  #cachedChars = 0;
  readonly #pending = new Map<string, Promise<SafeHtml>>();
  readonly #queue: Job[] = [];
  #current: { job: Job; timer: NodeJS.Timeout } | null = null;
  #worker: Worker | null = null;
  /** Whether the worker has loaded the renderer: a text's time starts then, not at the thread's start. */
  #ready = false;
  #nextId = 0;
  #closed = false;

  constructor(options: { timeLimitMs?: number } = {}) {
    this.#timeLimitMs = options.timeLimitMs ?? DEFAULT_RENDER_TIME_LIMIT_MS;
  }

  /** Renders every text; the lookup answers for each of them. */
  async renderAll(texts: readonly string[]): Promise<(text: string) => SafeHtml> {
    const unique = [...new Set(texts)];
    const rendered = await Promise.all(unique.map((text) => this.render(text)));
    const byText = new Map(unique.map((text, index) => [text, rendered[index] as SafeHtml]));
    return (text) => byText.get(text) ?? plainMarkdown(text, "it was not rendered");
  }

  render(text: string): Promise<SafeHtml> {
    if (text.trim() === "") return Promise.resolve(new SafeHtml(""));
    const key = createHash("sha256").update(text).digest("base64url");
    const cached = this.#cache.get(key);
    if (cached && cached.until > Date.now()) return Promise.resolve(cached.html);
    const risk = markdownRisk(text);
    if (risk !== null) return Promise.resolve(this.#remember(key, plainMarkdown(text, risk)));
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const promise = new Promise<SafeHtml>((resolve) => {
      this.#queue.push({ id: this.#nextId++, key, text, resolve });
    });
    this.#pending.set(key, promise);
    this.#pump();
    return promise;
  }

  close(): void {
    this.#closed = true;
    if (this.#current) clearTimeout(this.#current.timer);
    void this.#worker?.terminate();
    this.#worker = null;
    for (const job of [...this.#queue.splice(0), ...(this.#current ? [this.#current.job] : [])]) {
      job.resolve(plainMarkdown(job.text, "the dashboard is closing"));
    }
    this.#current = null;
  }

  #pump(): void {
    if (this.#current !== null || this.#closed) return;
    if (this.#queue.length === 0) return;
    const worker = this.#ensureWorker();
    if (!this.#ready) return;
    const job = this.#queue.shift() as Job;
    const timer = setTimeout(() => {
      this.#discardWorker();
      this.#finish(
        job,
        plainMarkdown(job.text, `it took longer than ${this.#timeLimitMs / 1000} s to render`),
        Date.now() + TIMED_OUT_FOR_MS,
      );
    }, this.#timeLimitMs);
    timer.unref();
    this.#current = { job, timer };
    worker.postMessage({ id: job.id, text: job.text });
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(workerScript(), { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.unref();
    worker.on("message", (answer: { ready?: true; id: number; html?: string; error?: string }) => {
      if (answer.ready) {
        if (this.#worker === worker) this.#ready = true;
        this.#pump();
        return;
      }
      const current = this.#current;
      if (current === null || current.job.id !== answer.id) return;
      clearTimeout(current.timer);
      this.#finish(
        current.job,
        answer.html === undefined
          ? plainMarkdown(current.job.text, `it could not be rendered (${answer.error})`)
          : new SafeHtml(answer.html),
      );
    });
    // A crash (out of memory, say) ends that text, not the server: the next one gets a new worker.
    const lost = (why: string) => {
      if (this.#worker !== worker) return;
      this.#discardWorker();
      const current = this.#current;
      if (current !== null) {
        clearTimeout(current.timer);
        this.#finish(
          current.job,
          plainMarkdown(current.job.text, `it could not be rendered (${why})`),
        );
        return;
      }
      // It died before it was ready: the renderer cannot start, so the waiting texts are shown plain.
      for (const job of this.#queue.splice(0)) {
        this.#pending.delete(job.key);
        job.resolve(plainMarkdown(job.text, `it could not be rendered (${why})`));
      }
    };
    const starting = setTimeout(() => {
      lost("the renderer did not start");
      void worker.terminate();
    }, WORKER_START_LIMIT_MS);
    starting.unref();
    worker.once("message", () => clearTimeout(starting));
    worker.on("error", (error) => lost(error.message));
    worker.on("exit", (code) => lost(`the renderer stopped with code ${code}`));
    this.#worker = worker;
    this.#ready = false;
    return worker;
  }

  #discardWorker(): void {
    const worker = this.#worker;
    this.#worker = null;
    this.#ready = false;
    void worker?.terminate();
  }

  #finish(job: Job, html: SafeHtml, until = Number.POSITIVE_INFINITY): void {
    this.#current = null;
    this.#pending.delete(job.key);
    job.resolve(this.#remember(job.key, html, until));
    this.#pump();
  }

  #remember(key: string, html: SafeHtml, until = Number.POSITIVE_INFINITY): SafeHtml {
    const old = this.#cache.get(key);
    if (old) this.#cachedChars -= old.html.value.length;
    this.#cache.delete(key);
    this.#cache.set(key, { html, until });
    this.#cachedChars += html.value.length;
    for (const [oldest, entry] of this.#cache) {
      if (this.#cachedChars <= CACHE_CHARS || oldest === key) break;
      this.#cache.delete(oldest);
      this.#cachedChars -= entry.html.value.length;
    }
    return html;
  }
}

/**
 * The worker's compiled script beside this module (in dist/); under test the
 * sources run from src/, where only the compiled copy in the sibling dist/
 * exists.
 */
function workerScript(): string {
  const beside = fileURLToPath(new URL("./markdown-worker.js", import.meta.url));
  return existsSync(beside)
    ? beside
    : fileURLToPath(new URL("../dist/markdown-worker.js", import.meta.url));
}

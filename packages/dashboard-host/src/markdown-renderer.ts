import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
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

/** Texts longer than this may hold every worker but one (a plain 16 KiB renders in about 45 ms). */
export const LARGE_TEXT_CHARS = 16 * 1024;

/** Render workers by default: one per core, at least two so one text never holds them all, at most four. */
export function defaultRenderWorkers(): number {
  return Math.min(4, Math.max(2, availableParallelism()));
}

type Job = {
  id: number;
  key: string;
  text: string;
  large: boolean;
  resolve: (html: SafeHtml) => void;
};
type Cached = { html: SafeHtml; until: number };
/** One worker thread: whether it has loaded the renderer, and the text it renders now. */
type Lane = {
  worker: Worker;
  ready: boolean;
  current: { job: Job; timer: NodeJS.Timeout } | null;
};

/** Workers, those ready, those rendering, and texts waiting. */
export interface MarkdownRendererStats {
  workers: number;
  ready: number;
  rendering: number;
  queued: number;
}

/**
 * Renders a repository's markdown for the pages without letting any text
 * stop the server, or any page hold rendering for the others. Rendering runs
 * in worker threads (`workers`, default `defaultRenderWorkers()`), one text
 * per worker at a time, each with a time limit: a text that runs over has its
 * worker terminated and is shown as plain text with a notice, and a new
 * worker takes its place. Texts longer than `LARGE_TEXT_CHARS` hold at most
 * every worker but one, so a short text always finds a worker that no slow
 * text can take; waiting texts are served one per request in turn
 * (round-robin between `renderAll` calls), so a page of many texts waits
 * behind itself, not in front of other pages. Texts of a shape known to be
 * slow (`markdownRisk`) are shown plain without trying. Results are cached by
 * the text's hash, so the re-fetch of a live update renders nothing again.
 *
 * Why both: the checks alone cannot bound the time, since remark costs
 * 13–20 µs per character on text dense with markers even below every
 * threshold (250 KB in 1,000 paragraphs of 250 `*_` took 3.2 s on an idle
 * core), and a worker alone would let the known slow inputs run into the time
 * limit on every cache miss, each holding a worker for the whole limit.
 */
export class MarkdownRenderer {
  readonly #timeLimitMs: number;
  readonly #workers: number;
  readonly #cache = new Map<string, Cached>();
  #cachedChars = 0;
  readonly #pending = new Map<string, Promise<SafeHtml>>();
  /** Waiting texts per request; the Map's order is the order of service (a served request moves to the back). */
  readonly #queue = new Map<number, Job[]>();
  #queued = 0;
  readonly #lanes: Lane[] = [];
  #nextId = 0;
  #nextRequest = 0;
  #closed = false;

  constructor(options: { timeLimitMs?: number; workers?: number } = {}) {
    this.#timeLimitMs = options.timeLimitMs ?? DEFAULT_RENDER_TIME_LIMIT_MS;
    this.#workers = Math.max(2, Math.floor(options.workers ?? defaultRenderWorkers()));
  }

  /** Renders every text, as one request among the others; the lookup answers for each of them. */
  async renderAll(texts: readonly string[]): Promise<(text: string) => SafeHtml> {
    const unique = [...new Set(texts)];
    const request = this.#nextRequest++;
    const rendered = await Promise.all(unique.map((text) => this.#render(text, request)));
    const byText = new Map(unique.map((text, index) => [text, rendered[index] as SafeHtml]));
    return (text) => byText.get(text) ?? plainMarkdown(text, "it was not rendered");
  }

  /** Renders one text, as a request of its own. */
  render(text: string): Promise<SafeHtml> {
    return this.#render(text, this.#nextRequest++);
  }

  stats(): MarkdownRendererStats {
    return {
      workers: this.#lanes.length,
      ready: this.#lanes.filter((lane) => lane.ready).length,
      rendering: this.#lanes.filter((lane) => lane.current !== null).length,
      queued: this.#queued,
    };
  }

  close(): void {
    this.#closed = true;
    const waiting = [...this.#queue.values()].flat();
    this.#queue.clear();
    this.#queued = 0;
    for (const lane of this.#lanes.splice(0)) {
      if (lane.current) {
        clearTimeout(lane.current.timer);
        waiting.push(lane.current.job);
      }
      void lane.worker.terminate();
    }
    for (const job of waiting) job.resolve(plainMarkdown(job.text, "the dashboard is closing"));
  }

  #render(text: string, request: number): Promise<SafeHtml> {
    if (text.trim() === "") return Promise.resolve(new SafeHtml(""));
    const key = createHash("sha256").update(text).digest("base64url");
    const cached = this.#cache.get(key);
    if (cached && cached.until > Date.now()) return Promise.resolve(cached.html);
    const risk = markdownRisk(text);
    if (risk !== null) return Promise.resolve(this.#remember(key, plainMarkdown(text, risk)));
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const promise = new Promise<SafeHtml>((resolve) => {
      const job = { id: this.#nextId++, key, text, large: text.length > LARGE_TEXT_CHARS, resolve };
      const jobs = this.#queue.get(request);
      if (jobs) jobs.push(job);
      else this.#queue.set(request, [job]);
      this.#queued += 1;
    });
    this.#pending.set(key, promise);
    this.#pump();
    return promise;
  }

  /** Gives waiting texts to idle workers, and starts workers while texts wait for one. */
  #pump(): void {
    if (this.#closed) return;
    for (;;) {
      const idle = this.#lanes.find((lane) => lane.ready && lane.current === null);
      if (idle === undefined) break;
      const job = this.#takeJob();
      if (job === undefined) break;
      this.#start(idle, job);
    }
    // Workers still loading will take that many texts; start more while more wait.
    const loading = this.#lanes.filter((lane) => !lane.ready).length;
    if (this.#lanes.length < this.#workers && this.#servable() > loading) this.#startWorker();
  }

  /** The next text to render, served one per request in turn; it leaves the line. */
  #takeJob(): Job | undefined {
    const largeAllowed =
      this.#lanes.filter((lane) => lane.current?.job.large === true).length < this.#workers - 1;
    for (const [request, jobs] of this.#queue) {
      const index = jobs.findIndex((job) => largeAllowed || !job.large);
      if (index < 0) continue;
      const job = jobs[index] as Job;
      jobs.splice(index, 1);
      this.#queue.delete(request);
      if (jobs.length > 0) this.#queue.set(request, jobs);
      this.#queued -= 1;
      return job;
    }
    return undefined;
  }

  /** How many waiting texts a worker could take now (large ones within their share). */
  #servable(): number {
    const largeRunning = this.#lanes.filter((lane) => lane.current?.job.large === true).length;
    let large = 0;
    let small = 0;
    for (const jobs of this.#queue.values())
      for (const job of jobs) {
        if (job.large) large += 1;
        else small += 1;
      }
    return small + Math.min(large, Math.max(0, this.#workers - 1 - largeRunning));
  }

  #start(lane: Lane, job: Job): void {
    const timer = setTimeout(() => {
      this.#discard(lane);
      this.#finish(
        job,
        plainMarkdown(job.text, `it took longer than ${this.#timeLimitMs / 1000} s to render`),
        Date.now() + TIMED_OUT_FOR_MS,
      );
    }, this.#timeLimitMs);
    timer.unref();
    lane.current = { job, timer };
    lane.worker.postMessage({ id: job.id, text: job.text });
  }

  #startWorker(): void {
    const worker = new Worker(workerScript(), { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.unref();
    const lane: Lane = { worker, ready: false, current: null };
    worker.on("message", (answer: { ready?: true; id: number; html?: string; error?: string }) => {
      if (answer.ready) {
        lane.ready = true;
        this.#pump();
        return;
      }
      const current = lane.current;
      if (current === null || current.job.id !== answer.id) return;
      clearTimeout(current.timer);
      lane.current = null;
      this.#finish(
        current.job,
        answer.html === undefined
          ? plainMarkdown(current.job.text, `it could not be rendered (${answer.error})`)
          : new SafeHtml(answer.html),
      );
    });
    // A crash (out of memory, say) ends that text, not the server: the next one gets a new worker.
    const lost = (why: string) => {
      if (!this.#lanes.includes(lane)) return;
      const wasReady = lane.ready;
      this.#discard(lane);
      const current = lane.current;
      if (current !== null) {
        clearTimeout(current.timer);
        lane.current = null;
        this.#finish(
          current.job,
          plainMarkdown(current.job.text, `it could not be rendered (${why})`),
        );
        return;
      }
      // Another worker serves, or a new one will: the waiting texts stay in line.
      if (wasReady || this.#lanes.some((other) => other.ready)) {
        this.#pump();
        return;
      }
      // It died before it was ready: the renderer cannot start, so the waiting texts are shown plain.
      const waiting = [...this.#queue.values()].flat();
      this.#queue.clear();
      this.#queued = 0;
      for (const job of waiting) {
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
    this.#lanes.push(lane);
  }

  /** Takes a worker out of service and ends its thread. */
  #discard(lane: Lane): void {
    const index = this.#lanes.indexOf(lane);
    if (index >= 0) this.#lanes.splice(index, 1);
    void lane.worker.terminate();
  }

  #finish(job: Job, html: SafeHtml, until = Number.POSITIVE_INFINITY): void {
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

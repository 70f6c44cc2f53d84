import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  DARK_MODE_CHANGE,
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import {
  createToken,
  type HttpServerProcess,
  openRawSession,
  startHttpServerProcess,
} from "./processes/http-server-process.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { withDeadline } from "./processes/with-deadline.js";
import { makeSandbox } from "./sandbox/make-sandbox.js";
import { registerSource } from "./sandbox/register-source.js";

const servers: HttpServerProcess[] = [];
const releases: string[] = [];
afterEach(async () => {
  // Hung runs end once their gate appears, whatever the test saw.
  for (const release of releases.splice(0)) writeFileSync(release, "");
  await Promise.allSettled(servers.splice(0).map((server) => server.stop()));
  removeTemporaryFolders();
});

/**
 * A fake CLI that logs `start <what>` for each run. A run about a change named
 * `hung-…` stands for a CLI reading a FIFO `tasks.md`: it waits until the
 * release file appears (a run that would otherwise last until the CLI's
 * timeout). Any other run answers at once.
 */
function gatedCli() {
  const folder = temporaryFolder("gated-cli-");
  const log = join(folder, "runs.log");
  const release = join(folder, "release");
  releases.push(release);
  const bin = fakeOpenSpecBinary(
    [
      `echo "start $2" >> '${log}'`,
      `case "$2" in hung-*) while [ ! -e '${release}' ]; do /usr/bin/sleep 0.05; done ;; esac`,
      `echo "end $2" >> '${log}'`,
      `printf '{"valid":true,"items":[]}\\n'`,
    ].join("\n"),
  );
  const runs = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
  return { bin, runs };
}

/**
 * A tools/call whose SSE answer is read as it comes: `heard` holds every
 * progress message so far, `answer` settles with the tool's result.
 */
function streamedCall(
  url: string,
  secret: string,
  sessionId: string,
  id: string,
  args: string[],
): { heard: string[]; answer: Promise<Record<string, unknown>> } {
  const heard: string[] = [];
  const answer = (async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${secret}`,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: {
          name: "openspec_cli",
          arguments: { source: "plain", args },
          _meta: { progressToken: id },
        },
      }),
    });
    const decoder = new TextDecoder();
    let buffered = "";
    for await (const chunk of response.body ?? []) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("data:")) continue;
        const message = JSON.parse(line.slice(5)) as {
          id?: string;
          method?: string;
          params?: { message?: string };
          result?: { structuredContent?: Record<string, unknown> };
        };
        if (message.method === "notifications/progress") heard.push(message.params?.message ?? "");
        if (message.id === id) return message.result?.structuredContent ?? {};
      }
    }
    throw new Error(`no answer to ${id}: ${response.status}`);
  })();
  // A test that fails first leaves its calls unanswered when the server stops: not an error of its own.
  answer.catch(() => {});
  return { heard, answer };
}

// Two read-only calls of one token whose CLI runs hung (a FIFO tasks.md makes
// `openspec validate <change>` wait until the CLI's timeout) used to hold both
// CLI turns of the team server: another token's call waited 29 s. The token
// alone may hold both turns; another token then gets an overflow turn.
describe("CLI turns shared between tokens", () => {
  it("GIVEN a server with two CLI turns and a token whose two calls hang WHEN another token calls THEN its call is answered while both hung calls still run", async () => {
    const cli = gatedCli();
    const sandbox = makeSandbox({
      OPENSPEC_BIN: cli.bin,
      OPENSPEC_AGENT_CLI_CONCURRENCY: "2",
      // Far beyond the test: a hung run ends only when released.
      OPENSPEC_AGENT_CLI_TIMEOUT_MS: "600000",
      // The fake waits for a release file outside the repository, which a confined run could not see.
      OPENSPEC_AGENT_CONFINE: "off",
    });
    const proposal =
      "## Why\nStands for a change whose tasks.md is a FIFO.\n\n## What Changes\n- Nothing.\n";
    const repository = makeOpenSpecRepository(
      {
        ...DARK_MODE_CHANGE,
        "openspec/changes/hung-1/proposal.md": proposal,
        "openspec/changes/hung-2/proposal.md": proposal,
      },
      "plain",
    );
    await registerSource(sandbox.env, repository, "plain");
    const greedy = await createToken(sandbox.env, sandbox.home, "greedy", true);
    const colleague = await createToken(sandbox.env, sandbox.home, "colleague", true);
    const server = await startHttpServerProcess(sandbox.env, sandbox.home);
    servers.push(server);
    const greedySession = await openRawSession(server.url, greedy);
    const colleagueSession = await openRawSession(server.url, colleague);
    const hung = (change: string) =>
      streamedCall(server.url, greedy, greedySession.id, `validate-${change}`, [
        "validate",
        change,
        "--type",
        "change",
      ]);

    const first = hung("hung-1");
    expect(
      await waitFor(() => cli.runs().includes("start hung-1"), EVENTUALLY_MS),
      "the first hung run started",
    ).toBe(true);
    const second = hung("hung-2");
    // A token alone keeps every turn: its second hung call runs too.
    expect(
      await waitFor(() => cli.runs().includes("start hung-2"), EVENTUALLY_MS),
      "the second hung run started",
    ).toBe(true);
    const asked = performance.now();
    const other = await withDeadline(
      colleagueSession.callTool("openspec_cli", {
        source: "plain",
        args: ["show", "add-dark-mode"],
      }),
      EVENTUALLY_MS,
      "the colleague's openspec_cli show",
    );
    const otherMs = Math.round(performance.now() - asked);
    const runsWhenAnswered = cli.runs();

    expect(other).toHaveProperty("ok");
    // Its own run (and whatever else it asked the CLI) came and went while both hung runs held their turns.
    expect(runsWhenAnswered.slice(0, 3)).toEqual([
      "start hung-1",
      "start hung-2",
      "start add-dark-mode",
    ]);
    expect(runsWhenAnswered).toContain("end add-dark-mode");
    expect(runsWhenAnswered).not.toContain("end hung-1");
    expect(runsWhenAnswered).not.toContain("end hung-2");

    writeFileSync(releases[0] as string, "");
    await withDeadline(
      Promise.all([first.answer, second.answer]),
      EVENTUALLY_MS,
      "the hung calls once released",
    );
    expect(cli.runs()).toEqual(expect.arrayContaining(["end hung-1", "end hung-2"]));
    recordFigure(
      "CLI turns per token",
      `a token with two hung runs held both of two turns; another token's openspec_cli show was answered in ${otherMs} ms, on an overflow turn, before either ended`,
    );
  });
});

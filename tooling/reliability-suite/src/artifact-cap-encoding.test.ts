import { once } from "node:events";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { callsInProcess } from "./processes/call-in-process.js";
import { startMcpPeer } from "./processes/mcp-peer.js";
import { peakRssBytes } from "./processes/process-state.js";
import { registerSource } from "./sandbox/register-source.js";

// A 60 MB spec used to come back as 60 MB of JSON, and a binary or UTF-16
// spec.md as raw bytes. Artifacts are now read up to a cap (1 MiB unless
// configured) and anything that is not UTF-8 text is refused.

afterEach(removeTemporaryFolders);

const MB = 1024 * 1024;
const BIG_BYTES = 60 * MB;
const CHANGE = "openspec/changes/add-dark-mode";

/** Writes a valid spec of `bytes` bytes without holding it in memory. */
async function writeBigSpec(path: string, bytes: number): Promise<void> {
  mkdirSync(join(path, ".."), { recursive: true });
  const out = createWriteStream(path);
  const head = `${AUTH_SPEC}\n### Requirement: Long\n`;
  out.write(head);
  const line = "The system SHALL keep this line in a very large spec file, over and over.\n";
  const block = line.repeat(Math.floor(MB / line.length));
  let written = Buffer.byteLength(head);
  while (written + Buffer.byteLength(block) <= bytes) {
    if (!out.write(block)) await once(out, "drain");
    written += Buffer.byteLength(block);
  }
  out.end("x".repeat(bytes - written));
  await once(out, "finish");
}

async function capSandbox(extraEnv: Record<string, string> = {}) {
  const repo = makeOpenSpecRepository(
    { ...DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC },
    "shop",
  );
  await writeBigSpec(join(repo, "openspec/specs/big/spec.md"), BIG_BYTES);
  const specs = join(repo, "openspec/specs");
  mkdirSync(join(specs, "binary"));
  writeFileSync(join(specs, "binary/spec.md"), Buffer.from([0x23, 0x20, 0x41, 0x00, 0x01, 0x0a]));
  mkdirSync(join(specs, "utf16"));
  writeFileSync(
    join(specs, "utf16/spec.md"),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(AUTH_SPEC, "utf16le")]),
  );
  writeFileSync(join(repo, CHANGE, "design.md"), Buffer.from("\ufeff# Design\n", "utf16le"));
  const { home, env } = isolatedEnvironment(extraEnv);
  // Registered under the default cap: an invalid one makes every tool refuse, registration too.
  const { OPENSPEC_AGENT_MAX_ARTIFACT_BYTES: _cap, ...registering } = env;
  await registerSource(registering, repo, "shop");
  return { home, env };
}

const encodingCalls: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
  [
    "openspec_spec_show",
    { source: "shop", name: "binary" },
    { ok: false, code: "unsupported_encoding", path: "openspec/specs/binary/spec.md" },
  ],
  [
    "openspec_spec_show",
    { source: "shop", name: "utf16" },
    { ok: false, code: "unsupported_encoding", path: "openspec/specs/utf16/spec.md" },
  ],
  [
    "openspec_context",
    { identifier: "shop/utf16" },
    { ok: false, code: "unsupported_encoding", path: "openspec/specs/utf16/spec.md" },
  ],
  [
    "openspec_context",
    { identifier: "shop/add-dark-mode" },
    {
      ok: true,
      change: {
        design: null,
        warnings: [{ code: "unsupported_encoding", path: `${CHANGE}/design.md` }],
      },
    },
  ],
];

// The artifacts package's artifact-limits test cuts and refuses at the library's
// level, and core's artifact-byte-cap-setting test holds the setting (an invalid
// value answers invalid_setting) for every host; here the 60 MB file goes through
// the catalog in a process of its own and through the MCP server, whose memory is
// measured. The contract suite holds the other hosts to the same answers.
describe("artifacts over the cap and not in UTF-8", () => {
  it("GIVEN a 60 MB spec, a binary one and a UTF-16 one WHEN shown and read through the library THEN the big one is cut at 1 MiB with its size and the others are unsupported_encoding", async () => {
    const { env } = await capSandbox();
    const [shown = {}, context = {}, ...encodings] = callsInProcess(
      [
        ["openspec_spec_show", { source: "shop", name: "big" }],
        ["openspec_context", { identifier: "shop/big" }],
        ...encodingCalls.map(([tool, args]) => [tool, args] as const),
      ],
      env,
    );
    expect(shown).toMatchObject({ ok: true, truncated: true, size: BIG_BYTES, title: "Auth" });
    expect(context).toMatchObject({ ok: true, spec: { truncated: true, size: BIG_BYTES } });
    const content = (context.spec as { content: string }).content;
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(MB);
    for (const [index, [tool, args, expected]] of encodingCalls.entries()) {
      expect(encodings[index], `${tool} ${JSON.stringify(args)}`).toMatchObject(expected);
    }
    recordFigure(
      "artifact cap (library)",
      `60 MB spec: spec_show ${JSON.stringify(shown).length} bytes, context ${JSON.stringify(context).length} bytes`,
    );
  });

  it("GIVEN OPENSPEC_AGENT_MAX_ARTIFACT_BYTES=65536 WHEN the MCP server shows the 60 MB spec THEN the answer is cut at 64 KiB and the server's memory stays small", async () => {
    const { home, env } = await capSandbox({ OPENSPEC_AGENT_MAX_ARTIFACT_BYTES: "65536" });
    const server = await startMcpPeer({ env, cwd: home });
    try {
      const context = await server.call("openspec_context", { identifier: "shop/big" });
      expect(context).toMatchObject({ ok: true, spec: { truncated: true, size: BIG_BYTES } });
      expect(Buffer.byteLength((context.spec as { content: string }).content)).toBe(65_536);
      const shown = await server.call("openspec_spec_show", { source: "shop", name: "big" });
      expect(shown).toMatchObject({ ok: true, truncated: true, size: BIG_BYTES });
      for (const [tool, args, expected] of encodingCalls) {
        expect(await server.call(tool, args), tool).toMatchObject(expected);
      }
      const peak = peakRssBytes(server.peer.child.pid ?? 0) ?? 0;
      expect(peak).toBeLessThan(150 * MB);
      recordFigure("artifact cap (MCP, 64 KiB cap)", `server peak RSS ${Math.round(peak / MB)} MB`);
    } finally {
      server.peer.child.stdin.end();
      await server.peer.exited;
    }
  });
});

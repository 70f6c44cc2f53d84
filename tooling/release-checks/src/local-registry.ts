import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

export type LocalRegistry = {
  url: string;
  /** An npm user config that points at the registry and logs in to it. */
  userconfig: string;
  stop(): void;
};

/**
 * A verdaccio registry on localhost with no uplinks, so it runs without the
 * internet and nothing published to it leaves the machine. `@org/*` takes
 * publishes from a logged-in user, who is created here.
 */
export async function startLocalRegistry(folder: string): Promise<LocalRegistry> {
  mkdirSync(folder, { recursive: true });
  const config = join(folder, "config.yaml");
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(join(folder, "storage"))}`,
      "auth:",
      "  htpasswd:",
      `    file: ${JSON.stringify(join(folder, "htpasswd"))}`,
      "    max_users: 10",
      "uplinks: {}",
      "packages:",
      "  '@org/*':",
      "    access: $all",
      "    publish: $authenticated",
      "  '**':",
      "    access: $all",
      "log: { type: stdout, format: pretty, level: warn }",
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve("verdaccio/package.json")), "bin", "verdaccio");
  const child = spawn(
    process.execPath,
    [bin, "--config", config, "--listen", `127.0.0.1:${port}`],
    {
      stdio: "ignore",
    },
  );
  try {
    await waitForPing(url, child);
    const token = await createUser(url);
    const userconfig = join(folder, "npmrc");
    writeFileSync(userconfig, `registry=${url}/\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    return { url, userconfig, stop: () => child.kill("SIGTERM") };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/-/ping`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("verdaccio did not answer /-/ping within two minutes");
}

async function createUser(url: string): Promise<string> {
  const response = await fetch(`${url}/-/user/org.couchdb.user:release`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "release", password: "release-rehearsal" }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || typeof body.token !== "string") {
    throw new Error(`verdaccio refused the user: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

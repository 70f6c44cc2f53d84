import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NOBODY } from "./unprivileged-user.js";

/** One replica behind the proxy: its name (what its session ids start with) and its port on 127.0.0.1. */
export type ProxiedReplica = { name: string; port: number };

/** nginx of the distribution, in front of replicas on loopback. */
export interface NginxProxy {
  /** Where clients connect: `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** The configuration it runs, as docs/deploy.md shows it. */
  readonly config: string;
  /** Stops nginx (SIGQUIT: it finishes the requests it holds) and deletes its folder. */
  stop(): Promise<void>;
}

const NGINX = process.env.OPENSPEC_AGENT_NGINX ?? "/usr/sbin/nginx";
const MISSING = `nginx is not installed at ${NGINX}: install the distribution's nginx package (apt-get install nginx-light or nginx), or set OPENSPEC_AGENT_NGINX to its path`;

/**
 * The proxy configuration for replicas of `openspec-mcp --http`: requests
 * without `Mcp-Session-Id` (2026-07-28 requests, and a 2025 client's
 * `initialize`) go round-robin to every replica; a 2025 session's requests go
 * to the replica its id names (`<name>.<uuid>`, see `OPENSPEC_AGENT_REPLICA`).
 * A replica that refuses connections is skipped for requests not yet sent: a
 * dead replica's sessions reach another, which answers 404 (not its session).
 * Every answer names the replica that gave it in `X-Upstream` (nginx's
 * `$upstream_addr`), which tests read to see who answered.
 */
export function nginxReplicaConfig(replicas: readonly ProxiedReplica[], listen: string): string {
  const servers = replicas.map((replica) => `        server 127.0.0.1:${replica.port};`);
  const routes = replicas.map(
    (replica) => `        ~^${replica.name}\\.  openspec_${replica.name.replaceAll("-", "_")};`,
  );
  // A session's own replica first; while it refuses connections, the others answer (404 for a
  // session they do not hold, so the client opens a new one instead of meeting 502s).
  const own = replicas.map((replica) => {
    const others = replicas
      .filter((other) => other !== replica)
      .map((other) => `\n        server 127.0.0.1:${other.port} backup;`);
    return `    upstream openspec_${replica.name.replaceAll("-", "_")} {\n        server 127.0.0.1:${replica.port};${others.join("")}\n        keepalive 8;\n    }`;
  });
  return `http {
    upstream openspec_replicas {
${servers.join("\n")}
        keepalive 16;
    }
${own.join("\n")}
    # A 2025 session stays on the replica that made it; everything else may land anywhere.
    map $http_mcp_session_id $openspec_upstream {
        default       openspec_replicas;
${routes.join("\n")}
    }
    server {
        listen ${listen};
        location /mcp {
            proxy_pass http://$openspec_upstream;
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header Connection "";
            proxy_buffering off;
            proxy_cache off;
            proxy_read_timeout 3600s;
            proxy_send_timeout 300s;
            client_max_body_size 4m;
            # Connection refused: try the next replica (a request never sent is safe to send again).
            proxy_next_upstream error timeout;
            add_header X-Upstream $upstream_addr always;
        }
        location = /healthz {
            proxy_pass http://openspec_replicas;
            proxy_set_header Host $host;
            add_header X-Upstream $upstream_addr always;
        }
    }
}
`;
}

/**
 * Starts nginx on a free port of 127.0.0.1 in a folder of its own (its
 * configuration, pid file, logs and temporary files), in the foreground, as
 * `nobody` when this process is root; resolves once it accepts connections,
 * or fails with its error log. Nothing of the system's nginx setup is read.
 */
export async function startNginxProxy(replicas: readonly ProxiedReplica[]): Promise<NginxProxy> {
  if (!existsSync(NGINX)) throw new Error(MISSING);
  const folder = mkdtempSync(join(tmpdir(), "openspec-agent-nginx-"));
  const asNobody = process.getuid?.() === 0;
  if (asNobody) chownSync(folder, NOBODY, NOBODY);
  // A port found free may be taken before nginx binds it: then try another.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const http = nginxReplicaConfig(replicas, `127.0.0.1:${port}`);
    const config = `worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log info;
events { worker_connections 256; }
${http.replace(
  "http {\n",
  `http {
    access_log ${folder}/access.log;
    client_body_temp_path ${folder}/client_body;
    proxy_temp_path ${folder}/proxy;
    fastcgi_temp_path ${folder}/fastcgi;
    uwsgi_temp_path ${folder}/uwsgi;
    scgi_temp_path ${folder}/scgi;
`,
)}`;
    writeFileSync(join(folder, "nginx.conf"), config);
    const child = spawn(
      NGINX,
      [
        "-p",
        folder,
        "-c",
        join(folder, "nginx.conf"),
        "-e",
        join(folder, "error.log"),
        "-g",
        "daemon off;",
      ],
      {
        stdio: ["ignore", "ignore", "pipe"],
        ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
      },
    );
    const stderr: string[] = [];
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
    const listening = await acceptsConnections(port, child);
    if (listening) {
      return {
        url: `http://127.0.0.1:${port}/mcp`,
        config: http,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) {
            const exited = once(child, "exit");
            child.kill("SIGQUIT");
            await exited;
          }
          rmSync(folder, { recursive: true, force: true });
        },
      };
    }
    const log = `${stderr.join("")}${readIfThere(join(folder, "error.log"))}`;
    if (attempt < 5 && log.includes("Address already in use")) continue;
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`nginx did not start on 127.0.0.1:${port}: ${log.slice(-2000)}`);
  }
}

/** A port of 127.0.0.1 nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  server.close();
  await once(server, "close");
  return port;
}

/** Only guards against a hang: nginx starts in well under a second on an idle machine. */
const START_DEADLINE_MS = 60_000;

/**
 * Whether nginx accepts connections on `port`: tried every 20 ms until it
 * does, or until nginx exits (a refused configuration, a port taken).
 */
async function acceptsConnections(port: number, child: ChildProcess): Promise<boolean> {
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (exited) return false;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`gave up waiting for nginx to accept connections on 127.0.0.1:${port}`);
    }
    const connected = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (connected && !exited) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function readIfThere(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

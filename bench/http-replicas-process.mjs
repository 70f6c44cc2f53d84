// Replicas of `openspec-mcp --http` on one PostgreSQL registry, behind the
// distribution's nginx on 127.0.0.1 (the test kit's helpers), with the same
// interface as startHttpServerProcess: http-load drives them as it drives one server.
import { join } from "node:path";
import { startHttpServerProcess } from "./http-server-process.mjs";

/**
 * Starts `replicas` servers (each `OPENSPEC_AGENT_REPLICA=replica-<n>`) on
 * `registryUrl`, and nginx in front of them when `proxy` is true (always with
 * more than one). `connect()` reaches them through the proxy; `rss()` is the
 * replicas' resident memory together.
 */
export async function startHttpReplicas({
  root,
  env,
  revision,
  registryUrl,
  replicas,
  proxy = replicas > 1,
  serverArguments,
}) {
  const { startNginxProxy } = await import(join(root, "tooling/test-kit/dist/index.js"));
  const servers = [];
  for (let index = 1; index <= replicas; index += 1) {
    servers.push(
      await startHttpServerProcess({
        root,
        env: { ...env, OPENSPEC_AGENT_DB: registryUrl, OPENSPEC_AGENT_REPLICA: `replica-${index}` },
        revision,
        serverArguments,
      }),
    );
  }
  const nginx = proxy
    ? await startNginxProxy(
        servers.map((server, index) => ({
          name: `replica-${index + 1}`,
          port: Number(new URL(server.url).port),
        })),
      )
    : undefined;
  const [first] = servers;
  return {
    url: nginx?.url ?? first.url,
    connect: () => first.connect(nginx?.url),
    disconnect: (client) => first.disconnect(client),
    rss: () => servers.reduce((sum, server) => sum + server.rss(), 0),
    async stop() {
      await nginx?.stop();
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}

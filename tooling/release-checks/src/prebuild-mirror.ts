import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";

export type PrebuildMirror = {
  /** The value for `npm_config_better_sqlite3_binary_host`. */
  url: string;
  /** The paths asked for, so a test can tell the binary really came from here. */
  requests: string[];
  /** How often the binary was sent (a 404 would make npm compile instead). */
  served(): number;
  close(): Promise<void>;
};

/**
 * better-sqlite3's install script is `prebuild-install || node-gyp rebuild`:
 * it downloads a prebuilt binary from GitHub, which this machine cannot reach,
 * and then compiles SQLite from source (about a minute and a half). This
 * serves the binary the workspace's own install produced, for this Node ABI,
 * platform and architecture, under the URL prebuild-install builds from
 * `<package>_binary_host` (prebuild-install's README: "the variable needs to
 * meet the mask `% your package name %_binary_host`"). npm then installs the
 * package exactly as on a user's machine, only the download comes from here.
 */
export async function startPrebuildMirror(tarFolder: string): Promise<PrebuildMirror> {
  // The registry package owns the dependency; resolve it as that package does.
  const require = createRequire(import.meta.url);
  const registryEntry = require.resolve("@org/openspec-registry/package.json");
  const fromRegistry = createRequire(registryEntry);
  const packageRoot = dirname(fromRegistry.resolve("better-sqlite3/package.json"));
  const { version } = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
    version: string;
  };
  const binary = join(packageRoot, "build", "Release", "better_sqlite3.node");
  if (!existsSync(binary))
    throw new Error(`The workspace's better-sqlite3 is not built: ${binary}`);

  // prebuild-install's asset name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz
  const asset = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const tarball = join(tarFolder, asset);
  const tar = spawnSync("tar", [
    "-czf",
    tarball,
    "-C",
    packageRoot,
    "build/Release/better_sqlite3.node",
  ]);
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  const body = readFileSync(tarball);

  const requests: string[] = [];
  let served = 0;
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    if (request.url === `/v${version}/${asset}`) {
      response.writeHead(200, {
        "content-type": "application/gzip",
        "content-length": body.length,
      });
      response.end(body);
      served += 1;
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    served: () => served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

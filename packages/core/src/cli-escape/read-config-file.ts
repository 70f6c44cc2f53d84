import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { tooMuchYamlStructure } from "@org/openspec-artifacts";
import { parse } from "yaml";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { pathKind } from "./path-kind.js";

/** The most of `openspec/config.yaml` read to find its pointers; the CLI caps its context far below. */
const MOST_CONFIG_BYTES = 1024 * 1024;

/**
 * The project configuration the CLI would read (`openspec/config.yaml`, else
 * `config.yml`), parsed, or a refusal when it is a symlink (the CLI would read
 * a file outside the source as the project's settings) or not a regular
 * file (a FIFO would hold the CLI's read). `undefined` content when there is
 * none or it is not YAML, which the CLI reports itself. Opened with
 * `O_NONBLOCK | O_NOFOLLOW` after an `lstat`, so a file swapped for a FIFO or
 * link in between is still never waited on or followed. A file with more
 * structure than a person writes (`tooMuchYamlStructure`: thousands of keys
 * take the parser seconds of the event loop) is not parsed: `unparsed` names
 * it, since what it points the CLI at cannot be known.
 */
export async function readConfigFile(
  openspecDir: string,
): Promise<{ ok: true; config: unknown; unparsed?: string } | ToolFailure> {
  for (const name of ["config.yaml", "config.yml"]) {
    const path = join(openspecDir, name);
    const kind = await pathKind(path);
    if (kind === "missing") continue;
    if (kind === "link") {
      return toolFailure(
        "path_outside_repository",
        `openspec/${name} is a symbolic link, so the OpenSpec CLI would take another file's settings as the source's.`,
        `Replace openspec/${name} with the file itself, then call again.`,
        { path: `openspec/${name}` },
      );
    }
    if (kind !== "file") {
      return toolFailure(
        "not_a_regular_file",
        `openspec/${name} is not a regular file, so the OpenSpec CLI cannot read the source's settings.`,
        `Replace openspec/${name} with a YAML file, then call again.`,
        { path: `openspec/${name}` },
      );
    }
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
      if (!(await handle.stat()).isFile()) return { ok: true, config: undefined };
      const buffer = Buffer.alloc(MOST_CONFIG_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, MOST_CONFIG_BYTES, 0);
      const text = buffer.subarray(0, bytesRead).toString("utf8");
      if (tooMuchYamlStructure(text))
        return { ok: true, config: undefined, unparsed: `openspec/${name}` };
      return { ok: true, config: parse(text) };
    } catch {
      return { ok: true, config: undefined };
    } finally {
      await handle?.close();
    }
  }
  return { ok: true, config: undefined };
}

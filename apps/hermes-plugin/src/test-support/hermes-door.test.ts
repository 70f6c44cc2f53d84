import { toolCatalog } from "@org/openspec-core";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type HermesDoor, openHermesDoor } from "./hermes-door.js";

const doors: HermesDoor[] = [];
afterEach(async () => {
  await Promise.all(doors.splice(0).map((door) => door.close()));
  removeTemporaryFolders();
});

function open(env: Record<string, string | undefined>): HermesDoor {
  const door = openHermesDoor({ env });
  doors.push(door);
  return door;
}

describe("openHermesDoor", () => {
  it("GIVEN the real CLI WHEN tools are listed and called through the Python handlers THEN every tool is offered and results come back parsed", async () => {
    const door = open(isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN }).env);
    expect(await door.listTools()).toEqual(toolCatalog.map((tool) => tool.name));
    const repository = makeOpenSpecRepository({}, "door-shop");
    const [added, listed] = await Promise.all([
      door.call("openspec_source_add", { path: repository }),
      door.call("openspec_list", { workdir: repository, kind: "specs" }),
    ]);
    expect(added).toMatchObject({ ok: true, source: { path: repository } });
    expect(listed).toMatchObject({ ok: true, exit_code: 0, stdout: { specs: [] } });
    expect(await door.call("openspec_context", { identifier: "door-shop" })).toMatchObject({
      ok: true,
      path: repository,
    });
  });

  it("GIVEN no OpenSpec CLI WHEN tools are listed THEN the CLI tools are left out by their check_fn", async () => {
    const door = open(isolatedEnvironment().env);
    expect(await door.listTools()).toEqual(
      toolCatalog.filter((tool) => !tool.requiresCli).map((tool) => tool.name),
    );
  });
});

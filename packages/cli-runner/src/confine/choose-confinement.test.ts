import { describe, expect, it } from "vitest";
import { chooseConfinement } from "./choose-confinement.js";

const view = { root: "/repos/api", writable: false };
const able = () => ({
  ok: true as const,
  kind: "bubblewrap" as const,
  bwrap: "/usr/bin/bwrap",
  system: [],
});
const unable = () => ({ ok: false as const, reason: "bubblewrap (bwrap) is not installed." });

describe("chooseConfinement", () => {
  it("GIVEN a host that can confine WHEN a run has a view THEN auto and required confine it, off does not, and a run without a view never is", () => {
    expect(chooseConfinement(view, "auto", able).kind).toBe("confined");
    expect(chooseConfinement(view, "required", able).kind).toBe("confined");
    expect(chooseConfinement(view, "off", able).kind).toBe("unconfined");
    expect(chooseConfinement(undefined, "required", able).kind).toBe("unconfined");
  });

  it("GIVEN a host that cannot confine WHEN a run has a view THEN auto runs it unconfined and required refuses it with the host's reason and the setting's name", () => {
    expect(chooseConfinement(view, "auto", unable)).toEqual({ kind: "unconfined" });
    const refused = chooseConfinement(view, "required", unable);
    expect(refused).toMatchObject({ kind: "unavailable" });
    expect(refused.kind === "unavailable" && refused.error).toMatch(
      /OPENSPEC_AGENT_CONFINE=required.*bubblewrap \(bwrap\) is not installed\.$/,
    );
  });
});

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ContractCase } from "./contract-case.js";
import type { Sandbox } from "./sandbox.js";

// Ideas in the fresh repository, the step before a change: created under a
// safe slug that never overwrites, evaluated in place, promoted to a change
// that links back, and read through openspec_context. The idea read back is
// written by `prepare`, so its text (and its Created time) is the same in
// every host.

const GIFT_WRAP =
  "# Gift wrap\n\n## Source\n- Origin: human\n- Created: 2026-01-02T03:04:05Z\n- Tags: checkout\n\n## Prompt\nOffer gift wrap at checkout.\n";

function writeGiftWrap(sandbox: Sandbox): void {
  mkdirSync(join(sandbox.fresh, "openspec", "ideas"), { recursive: true });
  writeFileSync(join(sandbox.fresh, "openspec", "ideas", "gift-wrap.md"), GIFT_WRAP);
}

const giftCards = {
  title: "Gift cards!",
  prompt: "Shoppers ask to give credit instead of a product; sell gift cards at checkout.",
  origin: "human",
  tags: ["checkout"],
};

export const ideaCases: ContractCase[] = [
  {
    name: "ideas: record an idea under a safe slug",
    tool: "openspec_idea_create",
    args: (s) => ({ workdir: s.fresh, ...giftCards }),
    expect: {
      ok: true,
      slug: "gift-cards",
      path: "openspec/ideas/gift-cards.md",
      origin: "human",
      tags: ["checkout"],
    },
  },
  {
    name: "ideas: the same title again gets -2, never overwriting",
    tool: "openspec_idea_create",
    args: (s) => ({ workdir: s.fresh, ...giftCards }),
    expect: { ok: true, slug: "gift-cards-2" },
  },
  {
    name: "ideas: an empty prompt is refused",
    tool: "openspec_idea_create",
    args: (s) => ({ workdir: s.fresh, title: "Nothing", prompt: "" }),
    expect: { ok: false, code: "invalid_input" },
  },
  {
    name: "ideas: evaluate an idea",
    tool: "openspec_idea_enrich",
    args: (s) => ({
      workdir: s.fresh,
      idea: "gift-cards",
      problem: "Shoppers who want to give credit leave without buying anything at all.",
      proposed_direction: "Sell gift cards as a product\nRedeem them at checkout",
      feasibility: "Medium",
      tshirt_size: "M",
    }),
    expect: { ok: true, slug: "gift-cards", replaced: false },
  },
  {
    name: "ideas: a second evaluation replaces the first",
    tool: "openspec_idea_enrich",
    args: (s) => ({ workdir: s.fresh, idea: "gift-cards", tshirt_size: "L" }),
    expect: { ok: true, replaced: true },
  },
  {
    name: "ideas: evaluating an idea that is not there",
    tool: "openspec_idea_enrich",
    args: (s) => ({ workdir: s.fresh, idea: "no-such-idea", problem: "x" }),
    expect: { ok: false, code: "idea_not_found" },
  },
  {
    name: "ideas: promote an idea to a change linked both ways",
    tool: "openspec_idea_promote",
    args: (s) => ({
      workdir: s.fresh,
      idea: "gift-cards-2",
      change: "add-gift-cards",
      why: "Shoppers who want to give credit leave without buying anything; gift cards keep them.",
    }),
    expect: {
      ok: true,
      change: "add-gift-cards",
      path: "openspec/changes/add-gift-cards",
      idea: "gift-cards-2",
      idea_path: "openspec/ideas/gift-cards-2.md",
    },
  },
  {
    name: "ideas: promoting to a change that exists is refused",
    tool: "openspec_idea_promote",
    args: (s) => ({ workdir: s.fresh, idea: "gift-cards-2", change: "add-gift-cards" }),
    expect: { ok: false, code: "change_exists" },
  },
  {
    name: "ideas: read an idea through openspec_context",
    tool: "openspec_context",
    prepare: writeGiftWrap,
    args: () => ({ identifier: "fresh/ideas/gift-wrap" }),
    expect: {
      ok: true,
      idea: {
        slug: "gift-wrap",
        title: "Gift wrap",
        origin: "human",
        tags: ["checkout"],
        enriched: false,
        change: null,
      },
    },
  },
];

import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/** What a piece of context costs: its o200k tokens and its UTF-8 bytes. */
export type TokenFigure = { tokens: number; bytes: number };

/**
 * Counts text with the o200k tokenizer (GPT-4o and later) from
 * `gpt-tokenizer`, a real tokenizer rather than a bytes/4 guess. Special
 * tokens in the text (a repository may hold "<|endoftext|>") count as the
 * plain text they are.
 */
export function countText(text: string): TokenFigure {
  return {
    tokens: countTokens(text, { disallowedSpecial: new Set() }),
    bytes: Buffer.byteLength(text, "utf8"),
  };
}

/** A value as it travels: compact JSON, as a JSON-RPC line or a function schema list carries it. */
export function countJson(value: unknown): TokenFigure {
  return countText(JSON.stringify(value));
}

import { markOpenSpecCommands } from "@org/openspec-failure";

/** Where the CLI's advice starts in a message: a sentence that tells the reader what to do. */
const ADVICE =
  /^(?:Create|Run|Use|Try|Tip:|Did you mean|Available|Ensure|Check|Pass|Add|Set|Specify|Provide|Please|Initiali[sz]e)\b/;

/**
 * A message of the OpenSpec CLI as one failure's error and fix: what went
 * wrong (`Change 'nope' not found. No changes exist.`) and, from the first
 * sentence that says what to do (`Create one with: openspec new change
 * <name>`), the advice, with its `openspec` commands marked for each host.
 * A message without advice is all error, and the fix is undefined.
 */
export function splitCliMessage(message: string): { said: string; advice?: string } {
  const sentences = message.trim().split(/(?<=[.!?])\s+(?=[A-Z])/);
  const start = sentences.findIndex((sentence, index) => index > 0 && ADVICE.test(sentence));
  if (start === -1) return { said: message.trim() };
  return {
    said: sentences.slice(0, start).join(" "),
    advice: markOpenSpecCommands(sentences.slice(start).join(" ")),
  };
}

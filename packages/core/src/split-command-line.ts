// The earlier Python Hermes plugin took its CLI passthrough's command as one
// string and split it as a POSIX shell would split words (Python's shlex),
// with no shell behind it. Calls written for it send that string; this reads
// it into the argument array `openspec_cli` takes. Only quoting is honoured:
// nothing is expanded, substituted or globbed, as no shell ever sees it.

/** The words of a command line, or why it cannot be split (an unclosed quote). */
export function splitCommandLine(line: string): { words: string[] } | { error: string } {
  const words: string[] = [];
  let word = "";
  // Whether a word has begun: "" (an empty quoted word) is a word too.
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < line.length; index++) {
    const char = line.charAt(index);
    const next = line.charAt(index + 1);
    if (quote === "'") {
      if (char === "'") quote = null;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === "\\" && /["\\$`]/.test(next)) {
        word += next;
        index++;
      } else word += char;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      inWord = true;
      if (char === "'" || char === '"') quote = char;
      else if (char === "\\" && index + 1 < line.length) {
        word += next;
        index++;
      } else word += char;
    }
  }
  if (quote !== null) return { error: `the command has an unclosed ${quote} quote` };
  if (inWord) words.push(word);
  return { words };
}

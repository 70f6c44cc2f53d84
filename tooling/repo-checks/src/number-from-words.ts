const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty"];

/**
 * A count as the docs write it, in digits ("13") or in words ("fourteen",
 * "Twenty-one"), so that a check can compare it with the figure it states;
 * undefined when the text is not a count.
 */
export function numberFromWords(text: string): number | undefined {
  const word = text.trim().toLowerCase();
  if (/^\d+$/.test(word)) return Number(word);
  const small = WORDS.indexOf(word);
  if (small !== -1) return small;
  const [tens, ones] = word.split("-");
  const ten = TENS.indexOf(tens ?? "");
  if (ten < 2) return undefined;
  if (ones === undefined) return ten * 10;
  const one = WORDS.indexOf(ones);
  return one >= 1 && one <= 9 ? ten * 10 + one : undefined;
}

// Module hooks for a child process: append the URL of every module it loads to a file.
import { appendFileSync } from "node:fs";

let file = "";

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}

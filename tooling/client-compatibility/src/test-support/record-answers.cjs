// Preloaded with `node --require record-answers.cjs <bin>` into the server an
// MCP client starts over stdio: appends everything the server writes to stdout
// to the file RECORD_ANSWERS_FILE names, so a test can tell what the server
// answered from what the client made of it (a client that stopped waiting and
// fell back to another protocol revision).
const file = process.env.RECORD_ANSWERS_FILE;
if (file) {
  const { appendFileSync } = require("node:fs");
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    try {
      appendFileSync(file, typeof chunk === "string" ? chunk : Buffer.from(chunk));
    } catch {}
    return write(chunk, ...rest);
  };
}

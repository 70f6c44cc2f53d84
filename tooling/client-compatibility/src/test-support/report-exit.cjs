// Preloaded with `node --require report-exit.cjs <bin>` into a process an MCP
// client starts (the server, the mcp-remote bridge): it connects to the test's
// socket and holds the connection, unreferenced, so the connection closes when
// the process is gone, however it ends. Node opens sockets close-on-exec, so the
// processes this one starts do not hold it.
const path = process.env.REPORT_EXIT_SOCKET;
if (path)
  require("node:net")
    .connect(path)
    .on("error", () => {})
    .unref();

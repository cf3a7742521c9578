// The server: the Express stack of server/app.js on the built app (`npm start`; `npm run dev` runs it under remix dev,
// which restarts it on each rebuild). WEB_CONCURRENCY=N runs N processes sharing the port (node:cluster): one Node
// process uses one core, and the servers keep no state of their own, so a host with N cores serves N times as much with
// N processes (docs/decisions/021).
import cluster from "node:cluster";
import { broadcastDevReady } from "@remix-run/node";

import { createApp } from "./server/app.js";

const processes = Number(process.env.WEB_CONCURRENCY ?? 1);
if (cluster.isPrimary && processes > 1) {
  let stopping = false;
  for (let i = 0; i < processes; i++) cluster.fork();
  // A process that dies is replaced; on shutdown each one gets the signal and finishes as a single server would.
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return void (Object.keys(cluster.workers ?? {}).length || process.exit(0));
    console.warn(`server process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
} else {
  // Importing the build checks the environment (app/utils/env.server.ts): a missing APP_URL in production stops here.
  const build = await import("./build/index.js");
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  createApp(build).listen(port, host, () => {
    console.log(
      `Pharmascope listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}${cluster.isWorker ? ` (process ${process.pid})` : ""}`,
    );
    // Under `npm run dev`, remix dev waits for this build to be served before it reloads the browser or updates it in place.
    if (process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(build);
  });
}

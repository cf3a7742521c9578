// The server: the Express stack of server/app.js on the built app (`npm start`; `npm run dev` runs it under remix dev,
// which restarts it on each rebuild).
import { broadcastDevReady } from "@remix-run/node";

import { createApp } from "./server/app.js";

// Importing the build checks the environment (app/utils/env.server.ts): a missing APP_URL in production stops here.
const build = await import("./build/index.js");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
createApp(build).listen(port, host, () => {
  console.log(`Pharmascope listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  // Under `npm run dev`, remix dev waits for this build to be served before it reloads the browser or updates it in place.
  if (process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(build);
});

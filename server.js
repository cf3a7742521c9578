// Production server: Express with security headers, compression, a health check and the Remix handler.
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import { randomBytes } from "node:crypto";
import { precompressed } from "./server/precompressed.js";
import { remixHandler } from "./server/remix.js";
import { requestGuard } from "./server/request-guard.js";

// Importing the build checks the environment (app/utils/env.server.ts): a missing APP_URL in production stops here.
const build = await import("./build/index.js");
const { appOrigin, uploadLimit } = build.entry.module;
const app = express();

app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "true" ? 1 : false);
// A fresh nonce per response lets Remix's inline scripts run while any injected script cannot.
app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        "script-src": ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
        "img-src": ["'self'", "data:", "blob:"],
        "worker-src": ["'self'", "blob:"],
        "connect-src": ["'self'"],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // helmet's default "no-referrer" makes Chromium send `Origin: null` on form posts, which Remix's CSRF check
    // (Origin must match Host) rightly refuses.
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: process.env.NODE_ENV === "production" && process.env.SECURE_COOKIES !== "false",
  }),
);
app.use(compression());

// Hashed build output and workers never change: cache them for a year, brotli-compressed at build time.
app.use("/build", precompressed("public/build"), express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use("/workers", precompressed("public/workers"), express.static("public/workers", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
if (process.env.NODE_ENV !== "test") app.use(morgan("tiny"));
app.use(requestGuard({ appUrl: appOrigin() }));

app.all(
  "*",
  remixHandler({
    handle: createRequestHandler(build, process.env.NODE_ENV),
    appUrl: appOrigin(),
    uploadLimit,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
app.listen(port, host, () => console.log(`Pharmascope listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`));

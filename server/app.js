// @ts-check
// The production server's Express stack: security headers, compression, static files, the request guard and the
// Remix handler. server.js runs it on the built app; tests run it on a small app of their own.
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";

import { precompressed } from "./precompressed.js";
import { remixHandler } from "./remix.js";
import { requestGuard } from "./request-guard.js";

/** The WebSocket origin of remix dev (`npm run dev`), which sets REMIX_DEV_ORIGIN; nothing otherwise. */
function devSocket() {
  const origin = process.env.NODE_ENV === "development" ? process.env.REMIX_DEV_ORIGIN : undefined;
  return origin ? [new URL(origin).origin.replace(/^http/, "ws")] : [];
}

/** @typedef {{ appOrigin: () => string; uploadLimit: (pathname: string) => number | undefined }} AppEntry */

/**
 * @param {import("@remix-run/node").ServerBuild & { entry: { module: AppEntry } }} build its entry module also gives
 *   the app's public address and the body caps of the routes that take files (app/entry.server.tsx)
 */
export function createApp(build) {
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
          "script-src": ["'self'", (_req, res) => `'nonce-${/** @type {import("express").Response} */ (res).locals.cspNonce}'`],
          "img-src": ["'self'", "data:", "blob:"],
          "worker-src": ["'self'", "blob:"],
          // Under `npm run dev` the page's live-reload script also talks to remix dev's socket.
          "connect-src": ["'self'", ...devSocket()],
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

  return app;
}

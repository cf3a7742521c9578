// @ts-check
// The production server's Express stack: security headers, compression, static files, the request guard and the
// Remix handler. server.js runs it on the built app; tests run it on a small app of their own.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import zlib from "node:zlib";
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

/**
 * How pages and data answers are compressed (the build's files and the report sheets are compressed once, ahead).
 * Quality 1, not compression's default 4: from quality 2 up, each response's encoder sets up a hash table of a fixed
 * 256–512 KB however small the page (4–40 KB here), where quality 1 sizes its table to its input. Under 50 connections
 * that was 1.5–2.5 ms of app CPU a page; pages come out 10–15 % larger, about gzip's size (decision 026). The window is
 * 256 KB (2^18) instead of 4 MB: a page is far smaller, and each encoder otherwise holds several MB outside the JS heap
 * (decision 021).
 */
const BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };

/** @typedef {{ appOrigin: () => string; uploadLimit: (pathname: string) => number | undefined; commandCount: () => { count: number; recent: string[] }; databaseAnswers: () => Promise<boolean>; requestScope: <T>(request: Request, run: () => T) => T }} AppEntry */

/**
 * @param {import("@remix-run/node").ServerBuild & { entry: { module: AppEntry } }} build its entry module also gives
 *   the app's public address and the body caps of the routes that take files (app/entry.server.tsx)
 */
export function createApp(build) {
  const { appOrigin, uploadLimit, commandCount, databaseAnswers, requestScope } = build.entry.module;
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  const app = express();

  app.disable("x-powered-by");
  // The load balancer's health check: 200 when the database answers, 503 otherwise, and nothing else. Answered before
  // the rest of the stack: it shows no page and no one's data (nothing for security headers, compression or the
  // request log, which it would fill), and a balancer asks it many times a second.
  app.get("/resources/healthz", async (_req, res) => {
    const ok = await databaseAnswers();
    res
      .status(ok ? 200 : 503)
      .set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
      .json({ ok });
  });
  // npm run bench:http reads how many database commands a request sent (db/connection.server.ts); never in production.
  if (process.env.BENCH_DB_COMMANDS === "on") app.get("/__bench/db-commands", (_req, res) => res.json(commandCount()));
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
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));

  // Hashed build output and workers never change: cache them for a year, brotli-compressed at build time.
  app.use("/build", precompressed("public/build"), express.static("public/build", { immutable: true, maxAge: "1y" }));
  app.use("/workers", precompressed("public/workers"), express.static("public/workers", { immutable: true, maxAge: "1y" }));
  // The other files of public/ (the favicon): any other request — every page — skips the file system.
  const publicFiles = new Set(existsSync("public") ? readdirSync("public") : []);
  const otherFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (publicFiles.has(req.path.split("/")[1] ?? "") ? otherFiles(req, res, next) : next()));
  if (process.env.NODE_ENV !== "test") app.use(morgan("tiny", { stream: batchedLog(process.stdout) }));
  app.use(requestGuard({ appUrl: appOrigin() }));

  app.all(
    "*",
    remixHandler({
      handle: (request, context) => requestScope(request, () => handle(request, context)),
      appUrl: appOrigin(),
      uploadLimit,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip }),
    }),
  );

  return app;
}

/**
 * The request log's lines, written together every 100 ms and at exit: a write to a pipe (the demo's, a process
 * manager's) is a system call, synchronous on Linux, and one a request cost more than the request's own logging.
 * @param {NodeJS.WritableStream} out
 */
function batchedLog(out) {
  /** @type {string[]} */
  let lines = [];
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const flush = () => {
    timer = undefined;
    if (lines.length) out.write(lines.join(""));
    lines = [];
  };
  process.on("exit", flush);
  return {
    /** @param {string} line */
    write(line) {
      lines.push(line);
      timer ??= setTimeout(flush, 100).unref();
    },
  };
}

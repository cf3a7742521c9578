// @ts-check
// One check for every request that can change state, before any route sees it (Remix actions, `?_data=` requests and
// resource routes alike):
//  - cross-site requests are refused: the Origin header (or, when a browser leaves it out, the Referer's origin) must
//    be APP_URL's origin — never compared with the Host the request names, which its sender chooses (403). One
//    exception: a digest's one-click unsubscribe address (RFC 8058) posted with no Origin, as mail providers post it
//    themselves from their servers — the signed token in the address is the authorisation, and all it can do is turn
//    that digest off. A browser always sends an Origin with a post, so a cross-site one is still refused;
//  - Remix aborts a page or data post whose Origin names another host than its X-Forwarded-Host (else Host) with a
//    500; such a request (a forged header, or a proxy that rewrites Host) is a 400 here instead;
//  - bodies are forms: application/x-www-form-urlencoded or multipart/form-data; JSON or anything else is 415.
// Requests to the integration API (/api/) are the API's own to check (JSON bodies, no Origin): it never reads cookies,
// only a bearer token, which no browser sends by itself to another site — a forged cross-site request carries nothing
// it would accept (app/services/api/handler.server.ts).
// How large a body may be is counted while it streams in (server/remix.js).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** A digest's unsubscribe address, its token the one credential (app/routes/resources+/unsubscribe.$token.tsx). */
const ONE_CLICK_UNSUBSCRIBE = /^\/resources\/unsubscribe\/[\w.-]+$/;
const API = /^\/api\//;

/**
 * @param {Record<string, string | string[] | undefined>} headers
 * @param {string} name lower case
 */
export function header(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** @param {string | undefined} url */
function originOf(url) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a request is refused, or null when it may go on.
 * @param {{ method: string; path?: string; headers: Record<string, string | string[] | undefined>; appOrigin: string }} request
 *   `path` without the query
 * @returns {{ status: 400 | 403 | 415; message: string } | null}
 */
export function refusal({ method, path = "", headers, appOrigin }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  if (API.test(path)) return null;
  const origin = header(headers, "origin");
  const oneClick = origin === undefined && ONE_CLICK_UNSUBSCRIBE.test(path);
  // `Origin: null` (sandboxed frames, some redirects) is no origin of ours either.
  if (!oneClick && (origin ?? originOf(header(headers, "referer"))) !== appOrigin)
    return { status: 403, message: "This request did not come from Pharmascope's own pages." };
  // The host Remix compares the Origin with (@remix-run/server-runtime, throwIfPotentialCSRFAttack).
  const named = header(headers, "x-forwarded-host")?.split(",")[0]?.trim() || header(headers, "host");
  if (origin && named !== new URL(origin).host)
    return { status: 400, message: "The request's Host (or X-Forwarded-Host) header does not match its Origin." };
  const type = (header(headers, "content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { status: 415, message: "Send a form (application/x-www-form-urlencoded or multipart/form-data)." };
  return null;
}

/**
 * Express middleware.
 * @param {{ appUrl: string }} options APP_URL
 * @returns {import("express").RequestHandler}
 */
export function requestGuard({ appUrl }) {
  const appOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    const refused = refusal({ method: req.method, path: req.path, headers: req.headers, appOrigin });
    if (!refused) return next();
    res.status(refused.status).type("text/plain").set("Cache-Control", "no-store").send(refused.message);
  };
}

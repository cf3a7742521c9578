// @ts-check
// One check for every request that can change state, before any route sees it (Remix actions, `?_data=` requests and
// resource routes alike):
//  - cross-site requests are refused: the Origin header (or, when a browser leaves it out, the Referer's origin) must
//    be the app's own — so another site cannot make a signed-in browser post a form here (403);
//  - bodies are forms: application/x-www-form-urlencoded or multipart/form-data; JSON or anything else is 415;
//  - a urlencoded form is at most FORM_MAX_BYTES (uploads are multipart and checked by their own routes) (413).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** The largest form without files: far above any form of the app, far below a body that costs to parse. */
export const FORM_MAX_BYTES = 1024 * 1024;

/**
 * @param {Record<string, string | string[] | undefined>} headers
 * @param {string} name lower case
 */
function header(headers, name) {
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
 * @param {{ method: string; headers: Record<string, string | string[] | undefined>; ownOrigins: string[] }} request
 * @returns {{ status: 403 | 413 | 415; message: string } | null}
 */
export function refusal({ method, headers, ownOrigins }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  // `Origin: null` (sandboxed frames, some redirects) is no origin of ours either.
  const origin = header(headers, "origin") ?? originOf(header(headers, "referer"));
  if (!origin || !ownOrigins.includes(origin)) return { status: 403, message: "This request did not come from Pharmascope's own pages." };
  const type = (header(headers, "content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { status: 415, message: "Send a form (application/x-www-form-urlencoded or multipart/form-data)." };
  if (type === "application/x-www-form-urlencoded" && Number(header(headers, "content-length") ?? 0) > FORM_MAX_BYTES) {
    return { status: 413, message: "The form is too large." };
  }
  return null;
}

/**
 * Express middleware. The app's own origins: the address the request was made to (behind a proxy, TRUST_PROXY makes
 * Express read the forwarded protocol) and APP_URL when set.
 * @param {{ appUrl?: string }} options
 * @returns {import("express").RequestHandler}
 */
export function requestGuard({ appUrl }) {
  const configured = originOf(appUrl);
  return (req, res, next) => {
    const ownOrigins = [`${req.protocol}://${req.get("host")}`, ...(configured ? [configured] : [])];
    const refused = refusal({ method: req.method, headers: req.headers, ownOrigins });
    if (!refused) return next();
    res.status(refused.status).type("text/plain").set("Cache-Control", "no-store").send(refused.message);
  };
}

import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES } from "#common/constants";

import { ATTACHMENTS_PER_UPLOAD } from "./attachments.server";
import { sheetConfig } from "./env.server";
import { UPLOAD_SLACK_BYTES } from "./request.server";
import { IMPORT_MAX_BYTES } from "./sheets/upload-guard.server";

// The routes that take files, and how large a body each may send. server/remix.js counts every body while it streams
// in, before anything parses it: a multipart form to one of these paths may be as large as its route's files allow,
// every other body is a form without files (at most 1 MB). A route that starts taking files needs its line here, or
// its uploads stop at 1 MB. Each route checks again as it reads (readUploadForm): this is the first wall, not the only.

const ID = "[^/]+";
const UPLOAD_ROUTES: Array<{ path: RegExp; maxBytes: () => number }> = [
  // A logo (user-app: at most 5 MB): the client, company and compound forms, and the company-logos page.
  { path: new RegExp(`^/administration/(client|company|compound)/(add|edit/${ID})$`), maxBytes: () => IMAGE_MAX_BYTES },
  { path: /^\/manage-company-logos$/, maxBytes: () => IMAGE_MAX_BYTES },
  // News attachments, several files of at most 10 MB at once: with JavaScript through /files/upload, without it in
  // the item's own form.
  { path: new RegExp(`^/(files/upload|news/(add|edit/${ID}))$`), maxBytes: () => ATTACHMENTS_PER_UPLOAD * ATTACHMENT_MAX_BYTES },
  // A console import: one workbook of compounds or keywords.
  { path: /^\/administration\/(compound|keyword)\/import$/, maxBytes: () => IMPORT_MAX_BYTES },
  // A disease's workbook (SHEET_UPLOAD_MAX_BYTES): in the disease form, or with JavaScript through the sheet route.
  {
    path: new RegExp(`^/clients/${ID}/therapeuticAreas/${ID}/diseases/(add|${ID}/edit)$`),
    maxBytes: () => sheetConfig().SHEET_UPLOAD_MAX_BYTES,
  },
  { path: new RegExp(`^/resources/sheet/${ID}$`), maxBytes: () => sheetConfig().SHEET_UPLOAD_MAX_BYTES },
];

/** How many bytes of multipart body the route at `pathname` may be sent; undefined when it takes no files. */
export function uploadLimit(pathname: string) {
  const route = UPLOAD_ROUTES.find((r) => r.path.test(pathname));
  return route && route.maxBytes() + UPLOAD_SLACK_BYTES;
}

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

import { escapeHtml } from "#common/plain-text";

import { env } from "./env.server";

// Outgoing mail goes through SMTP when SMTP_URL is set (e.g. smtp://user:pass@mail.example.com:587). Without it —
// the embedded demo — each message is written as an .eml file to MAIL_OUTBOX (default ./data/outbox), where a
// developer can open it and follow the links.

let transporter: { url: string | undefined; transport: Transporter } | undefined;
function transport() {
  const url = env().SMTP_URL;
  if (!transporter || transporter.url !== url) {
    transporter = {
      url,
      transport: url
        ? nodemailer.createTransport(url)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    };
  }
  return transporter.transport;
}

function outboxDir() {
  return path.resolve(env().MAIL_OUTBOX);
}

interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** A digest's unsubscribe headers: mail clients show their own "Unsubscribe" (RFC 2369), and providers post to the
 *  address themselves, without the reader opening it (RFC 8058 one-click; server/request-guard.js lets that post in). */
export const unsubscribeHeaders = (url: string) => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export async function sendEmail(email: Email) {
  const info = await transport().sendMail({ from: env().MAIL_FROM, ...email });
  if (!env().SMTP_URL) {
    const dir = outboxDir();
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${email.to.replace(/[^\w.@-]/g, "_")}.eml`);
    writeFileSync(file, info.message as Buffer);
    console.log(`mail to ${email.to} written to ${file}`);
  }
}

/** The public address links in mail and calendar feeds start with: APP_URL only, never a request's Host header (which
 *  the caller chooses: a reset link must not lead to a host an attacker named). docs/decisions/019-mail-origin.md */
export function appOrigin() {
  return env().APP_URL.replace(/\/$/, "");
}

/** A plain, accessible message with one call to action; text and HTML say the same. */
export function actionEmail({
  to,
  subject,
  greeting,
  lines,
  action,
}: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
}): Email {
  const text = [greeting, "", ...lines, ...(action ? ["", `${action.label}:`, action.url] : []), "", "— Pharmascope"].join("\n");
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p>${escapeHtml(action.url)}</p>` : ""
  }<p>— Pharmascope</p>`;
  return { to, subject, text, html };
}

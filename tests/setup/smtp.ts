// A real SMTP server on 127.0.0.1 that keeps every message it receives, so tests read links from real mail.
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

import { freePort } from "../../scripts/embedded-db";

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A raw message with nodemailer's quoted-printable undone (soft line breaks joined, =XX decoded). */
export const decodedMail = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8"); // quoted-printable gives the UTF-8 bytes of the text

/** Returns the /reset/{token} link in a mail. */
export function resetLinkIn(mail: CapturedMail) {
  const text = decodedMail(mail.raw);
  const match = text.match(/https?:\/\/[^\s"<]+\/reset\/([\w-]+)/);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return { url: match[0], token: match[1] };
}

export async function startSmtpServer() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo: (address: string) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SMTP server of a test file (or describe block): started before its tests with SMTP_URL pointing at it, closed
 *  after them. `mailsTo` reads what it received. */
/** A real SMTP server for the file's tests; `appUrl`: the APP_URL their mail's links start with. */
export function useSmtpServer({ appUrl }: { appUrl?: string } = {}) {
  let server: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    server = await startSmtpServer();
    process.env.SMTP_URL = server.url;
    if (appUrl) process.env.APP_URL = appUrl;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    if (appUrl) delete process.env.APP_URL;
    await server?.close();
  });
  return { mailsTo: (address: string) => server!.mailsTo(address), url: () => server!.url };
}

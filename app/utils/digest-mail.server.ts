import { escapeHtml } from "#common/plain-text";

// The body the news digests' mails share (saved searches' and the editors' fetch queue): text and HTML saying the same.

/** An item of a digest: its title and address, the line of text it is listed by, and what follows its link in HTML
 *  (already escaped). */
export interface DigestItem {
  title: string;
  url: string;
  text: string;
  html: string;
}

/** The intro, the items (each a line and its address; a linked title in HTML), what follows them (`after`: its lines
 *  of text and its HTML), then how to stop these mails and the signature. */
export function digestBody({
  intro,
  items,
  after,
  unsubscribe,
}: {
  intro: string;
  items: DigestItem[];
  after: { text: string[]; html: string };
  unsubscribe: string;
}) {
  const text = [
    intro,
    "",
    ...items.flatMap((i) => [i.text, i.url, ""]),
    ...after.text,
    `Stop these e-mails: ${unsubscribe}`,
    "",
    "— Pharmascope",
  ].join("\n");
  const list = items.map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a>${i.html}</li>`).join("");
  const html = `<p>${escapeHtml(intro)}</p><ul>${list}</ul>${after.html}<p><a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a></p><p>— Pharmascope</p>`;
  return { text, html };
}

import { JSDOM } from "jsdom";

// Issue #12: at least 30 XSS payloads, none of which survives sanitising into a page. Each result is parsed as a
// browser would and searched for anything that could run: scripts, event handlers, script URLs, frames, forms,
// styles, srcdoc, formaction.
export const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  "<input onfocus=alert(1) autofocus>",
  "<details open ontoggle=alert(1)>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p onclick="alert(1)">click</p>',
  '<a href="https://example.com" onmouseover="alert(1)">hover</a>',
  '"><script>alert(1)</script>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<img src="x" onerror="alert(1)"//',
  "<body onload=alert(1)>",
  '<video><source onerror="alert(1)"></video>',
  '<a href="https://example.com/ok">fine link</a><strong>bold</strong>',
];

export function dangers(html: string) {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const found: string[] = [];
  for (const el of doc.body.querySelectorAll("*")) {
    if (
      ["SCRIPT", "IFRAME", "OBJECT", "EMBED", "FORM", "STYLE", "LINK", "META", "BASE", "SVG", "MATH", "INPUT", "BUTTON"].includes(
        el.tagName.toUpperCase(),
      )
    )
      found.push(`<${el.tagName}>`);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name) || ["style", "srcdoc", "formaction", "src"].includes(attr.name)) found.push(`${el.tagName}[${attr.name}]`);
      if (attr.name === "href" && !/^(https?:|mailto:)/i.test(attr.value.trim())) found.push(`${el.tagName}[href=${attr.value}]`);
    }
  }
  return found;
}

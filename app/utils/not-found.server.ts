import { NOT_FOUND_TITLE } from "#common/messages";

/**
 * A resource route's 404: a short text for a program (an <img>, a script, a calendar), and for a browser that opened
 * the address itself (a link, a bookmark) a page with the not-found screen's words and its way home, not a bare line.
 */
export function notFound(request: Request, text: string, headers: Record<string, string> = {}) {
  const navigation = request.headers.get("Sec-Fetch-Mode") === "navigate" || (request.headers.get("Accept") ?? "").includes("text/html");
  if (!navigation) return new Response(text, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${NOT_FOUND_TITLE} | Pharmascope</title></head>
<body>
<main>
<h1>${NOT_FOUND_TITLE}</h1>
<p>${text}: it does not exist, or it is not yours to see.</p>
<p><a href="/dashboard">Take Me Home</a></p>
</main>
</body>
</html>
`;
  return new Response(page, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
}

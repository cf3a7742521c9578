import { useRouteLoaderData } from "@remix-run/react";

/**
 * A script written into the page's HTML, which the browser runs as it reads it (with JavaScript only): the page's CSP
 * lets it run with the request's nonce. Rendered again on the client, React inserts it without running it.
 */
export function InlineScript({ code }: { code: string }) {
  const nonce = (useRouteLoaderData("root") as { nonce?: string } | undefined)?.nonce;
  // The browser hides a script's nonce once parsed, so the attribute hydrated differs from the server's.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}

import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, LiveReload, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GlobalSpinner } from "~/components/global-spinner";
import { Toaster } from "~/components/toaster";
import appStyles from "~/styles/app.css";
import { publicEnv } from "~/utils/env.server";
import { getToasts } from "~/utils/toast.server";
import { workerUrls } from "~/utils/workers.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toasts, setCookie } = await getToasts(request, { keep: new URL(request.url).pathname === "/logout" });
  return data(
    { toasts, env: publicEnv(), workers: workerUrls(), nonce: context.cspNonce ?? "" },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export const meta: MetaFunction = () => [{ title: "Pharmascope" }];

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = rootData?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b22028" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <GlobalSpinner />
        <Toaster toasts={rootData?.toasts ?? []} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* `npm run dev` only: reloads or updates the page when remix dev has rebuilt the app (nothing in production). */}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main className="public-page">
      <GeneralErrorBoundary />
    </main>
  );
}

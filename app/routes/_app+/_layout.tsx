import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { requireUser } from "~/services/auth.server";
import { shellOf } from "~/services/shell.server";
import { clientOfAddress } from "~/utils/shell";

/** Every signed-in page: requires a session, then renders the shell (top bar, drawer) around the page. Each child
 *  route guards its own loader and action as well. */
export async function loader({ request }: LoaderFunctionArgs) {
  return shellOf(await requireUser(request), request);
}

/** The top bar names the selected client: read again when the address names another one (a pathless layout is
 *  otherwise not reloaded on a move between pages). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || clientOfAddress(currentUrl) !== clientOfAddress(nextUrl);

export default function SignedInLayout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <AppShell shell={shell}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

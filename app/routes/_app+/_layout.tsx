import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { requireUser } from "~/services/auth.server";
import { shellOf } from "~/services/shell.server";

/** Every signed-in page: requires a session, then renders the shell (top bar, drawer) around the page. Each child
 *  route guards its own loader and action as well. */
export async function loader({ request }: LoaderFunctionArgs) {
  return shellOf(await requireUser(request), request);
}

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

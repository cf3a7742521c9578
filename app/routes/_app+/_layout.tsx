import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { requireUser } from "~/utils/auth.server";
import { permissionsOf } from "~/utils/permissions";
import { clientContext, isDrawerOpen } from "~/utils/shell.server";

/** Every signed-in page: requires a session, then renders the shell (top bar, drawer) around the page. Each child
 *  route guards its own loader and action as well. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { clients, selected } = await clientContext(user, request);
  return {
    user: {
      id: String(user._id),
      fullName: `${user.name?.first ?? ""} ${user.name?.last ?? ""}`.trim(),
      email: user.email,
    },
    can: permissionsOf(user, "administration:view", "client:manage", "audit:view", "monitoring:manage"),
    clientCount: clients.length,
    selectedClient: selected,
    drawerOpen: await isDrawerOpen(request),
  };
}

export type ShellData = Awaited<ReturnType<typeof loader>>;

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

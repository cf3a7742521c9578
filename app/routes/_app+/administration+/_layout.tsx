import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWith } from "~/services/auth.server";
import { ADMINISTRATION_TABS } from "~/utils/administration";
import { permissionsOf } from "~/utils/permissions";

// The administration console (admin-console §2). Reading taken (issue 11): the console is for admins and editors —
// the sidebar offers it to both and the users list defines what an editor may do there — while Clients and the
// change log are the top-level admin's. Anyone signed out goes to /login, anyone else gets a 403 page. Every child
// route checks this again in its own loader and action.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "administration:view");
  return { can: permissionsOf(user, "client:manage", "audit:view", "monitoring:manage") };
}

export default function AdministrationLayout() {
  const { can } = useLoaderData<typeof loader>();
  return (
    <div className="page administration">
      <nav className="console-tabs" aria-label="Administration">
        {ADMINISTRATION_TABS.filter((tab) => !tab.only || can[tab.only]).map((tab) => (
          <NavLink key={tab.to} to={tab.to} prefetch="intent">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

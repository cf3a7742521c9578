import { Form, Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Focusable } from "react-aria-components/Focusable";
import { Tooltip, TooltipTrigger } from "react-aria-components/Tooltip";

import { APP_VERSION, MOBILE_BREAKPOINT } from "#common/constants";
import { ADMINISTRATION_TABS } from "~/utils/administration";
import type { ShellData } from "~/utils/shell";
import { useHydrated } from "~/utils/use-hydrated";
import { useMediaQuery } from "~/utils/use-media-query";

import { UserMenu } from "./user-menu";

/**
 * Top bar and left drawer. Above 768px the drawer is permanent and its open state is kept in a cookie; at or
 * below it the drawer is temporary and closes after navigation. Without JavaScript the desktop toggle posts a
 * form and the mobile drawer opens through its URL fragment (#app-drawer), so both still work.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const hydrated = useHydrated();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT}px)`);
  const location = useLocation();
  const drawerFetcher = useFetcher();
  const pendingOpen = drawerFetcher.formData?.get("open");
  const desktopOpen = pendingOpen != null ? pendingOpen === "true" : shell.drawerOpen;
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => setMobileOpen(false), [location.key]);

  const here = location.pathname + location.search;
  const toggle = () => {
    if (isMobile) setMobileOpen((open) => !open);
    else drawerFetcher.submit({ open: String(!desktopOpen) }, { method: "post", action: "/resources/drawer" });
  };

  return (
    <div className="shell" data-drawer={desktopOpen ? "open" : "closed"} data-mobile-drawer={mobileOpen ? "open" : "closed"}>
      <header className="top-bar">
        {hydrated ? (
          <button
            type="button"
            className="icon-button"
            aria-label="Toggle menu"
            aria-controls="app-drawer"
            aria-expanded={isMobile ? mobileOpen : desktopOpen}
            onClick={toggle}
          >
            <MenuIcon />
          </button>
        ) : (
          <>
            <Form method="post" action="/resources/drawer" className="desktop-only">
              <input type="hidden" name="open" value={String(!desktopOpen)} />
              <input type="hidden" name="redirectTo" value={here} />
              <button type="submit" className="icon-button" aria-label="Toggle menu">
                <MenuIcon />
              </button>
            </Form>
            <a href="#app-drawer" className="icon-button mobile-only" aria-label="Open menu">
              <MenuIcon />
            </a>
          </>
        )}
        <Brand />
        {shell.selectedClient ? <p className="client-name">Client: {shell.selectedClient.name}</p> : null}
        <span className="spacer" />
        <UserMenu fullName={shell.user.fullName} email={shell.user.email} />
      </header>
      <nav id="app-drawer" className="drawer" aria-label="Main">
        <a href="#" className="drawer-close mobile-only" aria-label="Close menu" onClick={() => setMobileOpen(false)}>
          ×
        </a>
        <ul>
          <li>
            <NavLink
              to="/"
              end
              className={({ isActive }) =>
                isActive || location.pathname.startsWith("/clients") || location.pathname === "/dashboard" ? "active" : undefined
              }
            >
              {shell.clientCount === 1 ? "Therapeutic Areas" : "Clients"}
            </NavLink>
          </li>
          {shell.selectedClient ? (
            <>
              <li>
                <NavLink to="/news">News</NavLink>
              </li>
              <li>
                <NavLink to="/events">Events</NavLink>
              </li>
            </>
          ) : null}
          {shell.can["administration:view"] ? (
            <li>
              <details open={location.pathname.startsWith("/administration")}>
                <summary>Administration</summary>
                <ul>
                  {ADMINISTRATION_TABS.filter((link) => !link.only || shell.can[link.only]).map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to}>{link.label}</NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ) : null}
        </ul>
      </nav>
      {mobileOpen ? <button type="button" className="drawer-scrim" aria-label="Close menu" onClick={() => setMobileOpen(false)} /> : null}
      <div className="content">{children}</div>
    </div>
  );
}

/**
 * The brand and its tooltip (user-app §9 "Brand: sidebar tooltip"). Reading taken: the brand is this one, at the head of
 * the drawer's column in the top bar, and its tooltip names the product and its version (what the About page says), on
 * hover and on keyboard focus: react-aria's Tooltip with JavaScript, the browser's own (`title`) without.
 */
function Brand() {
  const hydrated = useHydrated();
  const label = `Pharmascope, version ${APP_VERSION}`;
  return (
    <TooltipTrigger delay={300}>
      <Focusable>
        <Link to="/dashboard" className="brand" title={hydrated ? undefined : label}>
          <span className="brand-dot" aria-hidden="true" /> Pharmascope
        </Link>
      </Focusable>
      <Tooltip className="tooltip" placement="bottom start" offset={6}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
    </svg>
  );
}

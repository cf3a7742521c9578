import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** The user popover of the top bar: a native disclosure, so it opens and works without JavaScript. */
export function UserMenu({ fullName, email }: { fullName: string; email: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location]);
  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      const el = details.current;
      if (!el?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !el.contains(event.target as Node)) el.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  const initials = fullName
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
  return (
    <details className="user-menu" ref={details}>
      <summary aria-label={`Account of ${fullName}`}>
        {/* The initials are drawn by CSS so the button's accessible name is the label alone (WCAG 2.5.3). */}
        <span className="avatar" aria-hidden="true" data-initials={initials} />
      </summary>
      <div className="user-popover">
        <p className="user-name">{fullName}</p>
        <p className="user-email">{email}</p>
        <Link to="/change-password">Change Password</Link>
        <Link to="/calendar-feeds">Calendar Feeds</Link>
        <Link to="/api-tokens">API Tokens</Link>
        <Link to="/about">About</Link>
        <Form method="post" action="/logout">
          <button type="submit" className="button secondary wide">
            Log Out
          </button>
        </Form>
      </div>
    </details>
  );
}

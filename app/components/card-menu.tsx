import { Form, Link } from "@remix-run/react";

import { opensDialog } from "./console/dialog";

/** A menu entry: a link (with `open`, a dialog once the page runs JavaScript) or a POST with its hidden fields. */
export type MenuAction =
  { label: string; to: string; open?: () => void } | { label: string; post: string; fields?: Record<string, string> };

/** Per-card (and, without JavaScript, per-row) actions in a popover: a native <details>, so it opens without
 *  JavaScript; `fields` go with every POST (e.g. the list view to return to). */
export function CardMenu({
  label,
  items,
  className,
  fields,
}: {
  label: string;
  items: MenuAction[];
  className?: string;
  fields?: Record<string, string>;
}) {
  if (items.length === 0) return null;
  return (
    <details className={className ? `card-menu ${className}` : "card-menu"}>
      <summary aria-label={`Actions for ${label}`} title="Actions">
        <span aria-hidden="true">⋮</span>
      </summary>
      <ul className="card-menu-popover">
        {items.map((item) => (
          <li key={item.label}>
            {"to" in item ? (
              <Link to={item.to} onClick={opensDialog(item.open)}>
                {item.label}
              </Link>
            ) : (
              <Form method="post" action={item.post}>
                {Object.entries({ ...item.fields, ...fields }).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <button type="submit" className="menu-button">
                  {item.label}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

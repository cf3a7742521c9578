import { Link } from "@remix-run/react";
import { opensDialog } from "./dialog";

/** Per-card actions in a popover: a native <details>, so it opens without JavaScript; an item with `open` opens its
 *  dialog in place once the page runs JavaScript. */
export function CardMenu({ label, items }: { label: string; items: Array<{ label: string; to: string; open?: () => void }> }) {
  if (items.length === 0) return null;
  return (
    <details className="card-menu">
      <summary aria-label={`Actions for ${label}`} title="Actions">
        <span aria-hidden="true">⋮</span>
      </summary>
      <ul className="card-menu-popover">
        {items.map((item) => (
          <li key={item.label}>
            <Link to={item.to} onClick={opensDialog(item.open)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

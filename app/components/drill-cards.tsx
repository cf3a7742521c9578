import { Link } from "@remix-run/react";

import { CardFacts } from "./card-facts";
import { CardMenu, type MenuAction } from "./card-menu";

/** The drill-down's cards (a client's therapeutic areas, an area's diseases): each a link to what lies inside it, with
 *  its initial, its name, its facts and its menu (what the reader may do to it); `empty` when there is none. */
export function DrillCards<Item extends { id: string; name: string }>({
  items,
  empty,
  to,
  facts,
  menu,
}: {
  items: readonly Item[];
  empty: string;
  to: (item: Item) => string;
  facts: (item: Item) => string[];
  menu: (item: Item) => MenuAction[];
}) {
  if (items.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.id} className="card-cell">
          <Link className="card" to={to(item)}>
            <span className="card-initial" aria-hidden="true">
              {item.name[0]}
            </span>
            <span className="card-title">{item.name}</span>
            <CardFacts facts={facts(item)} />
          </Link>
          <CardMenu label={item.name} items={menu(item)} />
        </li>
      ))}
    </ul>
  );
}

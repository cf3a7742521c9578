import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";

import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from "#common/constants";
import { DataTable, FilterLinks, type Column } from "~/components/console/data-table";
import { TokenPager } from "~/components/console/pager";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuditChanges } from "~/components/history-panel";
import { listAuditPage, readableHistory } from "~/models/audit.server";
import { requireUserWith } from "~/services/auth.server";
import type { AuditEntry } from "~/utils/audit";
import { formatDateTime } from "~/utils/dates";
import { titled } from "~/utils/meta";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";

// The console's change log (top-level admin): every administrative change, newest first, of one kind of record and
// one action if asked, in pages read with the forward token.

/** Each kind of record the log keeps, as a row names it and as the filter lists it. */
const ENTITY_LABELS: Record<AuditEntity, [string, string]> = {
  user: ["User", "Users"],
  client: ["Client", "Clients"],
  company: ["Company", "Companies"],
  keyword: ["Keyword", "Keywords"],
  compound: ["Compound", "Compounds"],
  event: ["Event", "Events"],
  trial: ["Trial", "Trials"],
  source: ["Monitoring source", "Monitoring sources"],
  news: ["News item", "News"],
};
const ENTITY_FILTERS = [{ value: "", label: "All" }, ...AUDIT_ENTITIES.map((e) => ({ value: e, label: ENTITY_LABELS[e][1] }))];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "audit:view");
  const search = new URL(request.url).searchParams;
  const entity = AUDIT_ENTITIES.find((e) => e === search.get("entity"));
  const action = AUDIT_ACTIONS.find((a) => a === search.get("action"));
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listAuditPage({ entity: entity as AuditEntity | undefined, action: action as AuditAction | undefined, page: place });
  return {
    rows: await readableHistory(user, page.items),
    next: page.next,
    place: placeServed(place, page),
    entity: entity ?? "",
    action: action ?? "",
  };
}

const COLUMNS: Column<AuditEntry>[] = [
  { key: "at", header: "When", cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
  { key: "who", header: "Who", cell: (e) => e.actorName },
  { key: "what", header: "Record", cell: (e) => `${ENTITY_LABELS[e.entity as AuditEntity]?.[0] ?? e.entity}: ${e.entityName ?? "—"}` },
  { key: "action", header: "Action", cell: (e) => e.action },
  { key: "changes", header: "Changes", cell: (e) => <AuditChanges changes={e.changes} /> },
];

export default function HistoryPage() {
  const { rows, next, place, entity, action } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => !["action", "after", "trail"].includes(name));
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Change log</h1>
      </header>
      <div className="list-toolbar">
        <FilterLinks label="Kind of record" param="entity" options={ENTITY_FILTERS} current={entity} />
        <Form method="get" className="list-search">
          {kept.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" name="action" defaultValue={action} key={action}>
            <option value="">All</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            Show
          </button>
        </Form>
      </div>
      <DataTable
        label="Changes"
        rows={rows}
        columns={COLUMNS}
        rowKey={(e) => e.id}
        rowLabel={(e) => e.entityName ?? e.id}
        empty="No changes recorded yet."
      />
      <TokenPager place={place} shown={rows.length} next={next} label="Change log pages" sizes={PAGE_SIZES.lists} />
    </section>
  );
}

export const meta = titled("Change log");

export const ErrorBoundary = GeneralErrorBoundary;

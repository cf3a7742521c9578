import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";

import { ACTIVE_STATUSES, TRIAL_PHASES } from "#common/constants";
import { NO_DATA, TRIAL_DELETE_QUESTION, TRIAL_DELETE_TITLE, TRIALS_LOAD_FAILED } from "#common/messages";
import { DataTable, ListSearch, recordActions, type Column } from "~/components/data-table";
import { ConfirmDelete, FormDialog, useDialog } from "~/components/dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectField } from "~/components/forms";
import { TokenPager } from "~/components/pager";
import { scopeOptionsWithCompounds } from "~/models/cascade.server";
import { listTrialsPage, trialRows, type TrialFilters } from "~/models/trial.server";
import { requireUserWith } from "~/services/auth.server";
import { TRIALS_IMPORT, TRIALS_LIST } from "~/utils/administration";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";
import { useHydrated } from "~/utils/use-hydrated";

// 'Trials List' (admin-console §2, §9): the trials of the diseases the user holds (the top-level admin: all), newest
// start first, searched by words of the title, acronym or registry id and filtered by client → therapeutic area →
// disease → compound (each choice offers the next), status and phase — all GET parameters, each served by an index;
// pages of 5, 10 or 25 read with the forward token, with the total (the original's load-more did nothing: here Next
// works). Per row Edit, the status switch ('Event {status}!') and Delete ('Delete Trail').

const FILTERS = ["client", "area", "disease", "compound", "status", "phase"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "trial:manage");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, 100);
  const asked = Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? ""])) as Record<(typeof FILTERS)[number], string>;
  // Each choice counts only when it is offered (a client the user holds, an area of it, …); a stale one is dropped.
  const options = await scopeOptionsWithCompounds({ user, client: asked.client, area: asked.area, disease: asked.disease });
  const offered = (list: Array<{ value: string }>, value: string) => (list.some((o) => o.value === value) ? value : "");
  const client = offered(options.clients, asked.client);
  const area = client ? offered(options.areas, asked.area) : "";
  const disease = area ? offered(options.diseases, asked.disease) : "";
  const chosen = {
    client,
    area,
    disease,
    compound: disease ? offered(options.compounds, asked.compound) : "",
    status: ACTIVE_STATUSES.find((s) => s === asked.status) ?? "",
    phase: TRIAL_PHASES.find((p) => p === asked.phase) ?? "",
  };
  const filters: TrialFilters = {
    clientId: chosen.client || undefined,
    areaId: chosen.area || undefined,
    diseaseId: chosen.disease || undefined,
    compoundId: chosen.compound || undefined,
    status: ACTIVE_STATUSES.find((s) => s === chosen.status),
    phase: TRIAL_PHASES.find((p) => p === chosen.phase),
    search: q,
  };
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listTrialsPage({ user, filters, page: place });
  return {
    rows: await trialRows(page.items, user),
    next: page.next,
    total: page.total,
    place: placeServed(place, page),
    q,
    chosen,
    options,
  };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  {
    key: "title",
    header: "Trial",
    cell: (t) => (
      <>
        {t.title}
        {t.identifier || t.phase ? <span className="cell-note"> {[t.identifier, t.phase].filter(Boolean).join(" · ")}</span> : null}
      </>
    ),
  },
  { key: "area", header: "Therapeutic Area", cell: (t) => (t.area ? `${t.area} (${t.client})` : "—") },
  { key: "disease", header: "Disease", cell: (t) => t.disease || "—" },
  { key: "compound", header: "Compound", cell: (t) => t.compound || "—" },
  { key: "status", header: "Status", cell: (t) => <span className={`status status-${t.status}`}>{t.status}</span> },
];

export default function TrialsPage() {
  const { rows, next, total, place, q, chosen, options } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const back = `?redirectTo=${encodeURIComponent(here)}`;
  const { dialog, close, opener } = useDialog<Row>();
  // Edit returns to this view of the list after Update.
  const actionsOf = (t: Row) =>
    recordActions(TRIALS_LIST, t, { here, open: opener(t) }).map((a) =>
      a.label === "Edit" && "to" in a ? { ...a, to: `${a.to}${back}` } : a,
    );
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Trials List</h1>
        <Link className="button" to={TRIALS_IMPORT}>
          Import from ClinicalTrials.gov
        </Link>
        <Link className="button primary" to={`${TRIALS_LIST}/add${back}`}>
          Add Trial
        </Link>
      </header>
      <div className="list-toolbar">
        <ListSearch label="Search by title, acronym or NCT id" defaultValue={q} />
      </div>
      <TrialFiltersForm q={q} chosen={chosen} options={options} />
      <DataTable
        label="Trials"
        rows={rows}
        columns={COLUMNS}
        rowKey={(t) => t.id}
        rowLabel={(t) => t.title}
        actions={actionsOf}
        empty={NO_DATA}
      />
      <TokenPager place={place} shown={rows.length} next={next} total={total} label="Trial pages" sizes={PAGE_SIZES.lists} />
      {dialog ? (
        <FormDialog title={TRIAL_DELETE_TITLE} onClose={close}>
          <ConfirmDelete
            title={TRIAL_DELETE_TITLE}
            question={TRIAL_DELETE_QUESTION}
            redirectTo={here}
            inDialog={{ action: `${TRIALS_LIST}/${dialog.id}/delete`, onClose: close }}
          />
        </FormDialog>
      ) : null}
    </section>
  );
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** The filters: a GET form (a choice starts again at the first page); with JavaScript each choice applies at once. */
function TrialFiltersForm({ q, chosen, options }: Pick<LoaderData, "q" | "chosen" | "options">) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { search } = useLocation();
  const size = new URLSearchParams(search).get("size");
  const select = (
    name: keyof LoaderData["chosen"],
    label: string,
    list: ReadonlyArray<{ value: string; label: string }>,
    placeholder = "All",
  ) => (
    <SelectField
      key={`${name}-${chosen[name]}`}
      label={label}
      selectProps={{ id: `trial-filter-${name}`, name, defaultValue: chosen[name] }}
      options={list}
      placeholder={placeholder}
    />
  );
  return (
    <Form
      method="get"
      className="news-filters"
      aria-label="Filter trials"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {q ? <input type="hidden" name="q" value={q} /> : null}
      {size ? <input type="hidden" name="size" value={size} /> : null}
      <div className="news-filter-row">
        {select("client", "Client", options.clients)}
        {select("area", "Therapeutic area", chosen.client ? options.areas : [], chosen.client ? "All" : "Choose a client first")}
        {select("disease", "Disease", chosen.area ? options.diseases : [], chosen.area ? "All" : "Choose an area first")}
        {select("compound", "Compound", chosen.disease ? options.compounds : [], chosen.disease ? "All" : "Choose a disease first")}
        {select(
          "status",
          "Status",
          ACTIVE_STATUSES.map((s) => ({ value: s, label: s === "active" ? "Active" : "Inactive" })),
        )}
        {select(
          "phase",
          "Phase",
          TRIAL_PHASES.map((p) => ({ value: p, label: p })),
        )}
        {hydrated ? null : (
          <button type="submit" className="button">
            Filter
          </button>
        )}
        <Link to={TRIALS_LIST} className="button">
          Clear
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Trials List | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={TRIALS_LOAD_FAILED} />;
}

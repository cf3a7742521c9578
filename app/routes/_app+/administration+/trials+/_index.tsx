import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";

import { ACTIVE_STATUSES, TRIAL_PHASES } from "#common/constants";
import { TRIAL_DELETE_QUESTION, TRIAL_DELETE_TITLE, TRIALS_LOAD_FAILED } from "#common/messages";
import { statusColumn, type Column } from "~/components/console/data-table";
import { ListPage, useListView } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectField } from "~/components/forms";
import { scopeOptionsWithCompounds } from "~/models/cascade.server";
import { listTrialsPage, trialRows, type TrialFilters } from "~/models/trial.server";
import { requireUserWith } from "~/services/auth.server";
import { listPageOf, readListQuery } from "~/services/console/list-query.server";
import { TRIALS_IMPORT, TRIALS_LIST } from "~/utils/administration";
import { titled } from "~/utils/meta";
import { useHydrated } from "~/utils/use-hydrated";

// 'Trials List' (admin-console §2, §9): the trials of the diseases the user holds (the top-level admin: all), newest
// start first, searched by words of the title, acronym or registry id and filtered by client → therapeutic area →
// disease → compound (each choice offers the next), status and phase — all GET parameters, each served by an index;
// pages of 5, 10 or 25 read with the forward token, with the total (the original's load-more did nothing: here Next
// works). Per row Edit, the status switch ('Event {status}!') and Delete ('Delete Trail').

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "trial:manage");
  const query = readListQuery(request, { choices: { status: ACTIVE_STATUSES, phase: TRIAL_PHASES } });
  const asked = (name: "client" | "area" | "disease" | "compound") => query.search.get(name) ?? "";
  // Each choice counts only when it is offered (a client the user holds, an area of it, …); a stale one is dropped.
  const options = await scopeOptionsWithCompounds({ user, client: asked("client"), area: asked("area"), disease: asked("disease") });
  const offered = (list: Array<{ value: string }>, value: string) => (list.some((o) => o.value === value) ? value : "");
  const client = offered(options.clients, asked("client"));
  const area = client ? offered(options.areas, asked("area")) : "";
  const disease = area ? offered(options.diseases, asked("disease")) : "";
  const compound = disease ? offered(options.compounds, asked("compound")) : "";
  const { status, phase } = query.chosen;
  const filters: TrialFilters = {
    clientId: client || undefined,
    areaId: area || undefined,
    diseaseId: disease || undefined,
    compoundId: compound || undefined,
    status,
    phase,
    search: query.q,
  };
  const page = await listTrialsPage({ user, filters, page: query.place });
  return {
    ...listPageOf(query, page, await trialRows(page.items, user)),
    total: page.total,
    chosen: { client, area, disease, compound, status: status ?? "", phase: phase ?? "" },
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
  statusColumn(),
];

export default function TrialsPage() {
  const listed = useLoaderData<typeof loader>();
  const { chosen, options } = listed;
  const back = `?redirectTo=${encodeURIComponent(useListView())}`;
  return (
    <ListPage
      title="Trials List"
      links={[
        { to: TRIALS_IMPORT, label: "Import from ClinicalTrials.gov" },
        { to: `${TRIALS_LIST}/add${back}`, label: "Add Trial", primary: true },
      ]}
      search="Search by title, acronym or NCT id"
      below={<TrialFiltersForm q={listed.q} chosen={chosen} options={options} />}
      label="Trials"
      pagesLabel="Trial pages"
      listed={listed}
      columns={COLUMNS}
      records={{
        list: TRIALS_LIST,
        confirmDelete: { title: TRIAL_DELETE_TITLE, question: () => TRIAL_DELETE_QUESTION },
        // Edit returns to this view of the list after Update.
        adjust: (actions) => actions.map((a) => (a.label === "Edit" && "to" in a ? { ...a, to: `${a.to}${back}` } : a)),
      }}
    />
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

export const meta = titled("Trials List");

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={TRIALS_LOAD_FAILED} />;
}

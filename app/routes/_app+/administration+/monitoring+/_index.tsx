import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod/mini";

import { DIGEST_FREQUENCIES, MONITOR_INTERVALS } from "#common/constants";
import { EDITORS_DIGEST_SAVED, FETCH_DIGEST_MINE_OFF, FETCH_DIGEST_MINE_ON, NO_DATA, SOURCES_LOAD_FAILED } from "#common/messages";
import { DataTable, recordActions, type Column } from "~/components/console/data-table";
import { ConfirmDelete, FormDialog, useDialog } from "~/components/console/dialog";
import { TokenPager } from "~/components/console/pager";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectField } from "~/components/forms";
import { editorsDigestSetting, listSourcesPage, setEditorsDigest, sourceRows } from "~/models/monitor.server";
import { fetchDigestOf, setFetchDigest } from "~/models/user.server";
import { requireUserWith } from "~/services/auth.server";
import { MONITORING } from "~/utils/administration";
import { formatDateTime } from "~/utils/dates";
import { constraintsOf, parseForm } from "~/utils/form-schema";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";
import { readFormData } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { deleteQuestion } from "./__source-form";

// Keyword monitoring (issue 16), for admins: the sources the scheduler checks — each with when it last ran, how many
// new fetch-queue items that brought, and why it failed if it did (failures are retried after 5, 10, 20… minutes) —
// with Edit, the status switch, 'Check now' and Delete per row; and how often the admins who curate news are mailed
// the new fetch-queue items.

const DIGEST_OPTIONS = [
  { value: "off", label: "No e-mail" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
] as const;
const DigestSchema = z.object({ frequency: z.enum(DIGEST_FREQUENCIES, { error: "Choose how often" }) });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, "monitoring:manage");
  const place = tokenPlaceOf(new URL(request.url).searchParams, PAGE_SIZES.lists);
  const [page, digest, mine] = await Promise.all([
    listSourcesPage({ page: place }),
    editorsDigestSetting(),
    fetchDigestOf(String(user._id)),
  ]);
  return {
    rows: sourceRows(page.items),
    next: page.next,
    place: placeServed(place, page),
    digest: { frequency: digest.frequency, lastSentAt: digest.lastSentAt?.toISOString() ?? null, mine: mine?.on ?? true },
  };
}

/** The digest's forms (the rows' actions post to their own routes): how often it goes out, and whether to oneself. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, "monitoring:manage");
  const form = await readFormData(request);
  if (form.get("intent") === "mine") {
    const on = form.get("receive") === "on";
    await setFetchDigest(String(user._id), on);
    return redirectWithToast(request, MONITORING, { type: "success", message: on ? FETCH_DIGEST_MINE_ON : FETCH_DIGEST_MINE_OFF });
  }
  const submission = parseForm(form, { schema: DigestSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  await setEditorsDigest(submission.value.frequency);
  return redirectWithToast(request, MONITORING, { type: "success", message: EDITORS_DIGEST_SAVED });
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const every = (minutes: number) => MONITOR_INTERVALS[minutes as keyof typeof MONITOR_INTERVALS] ?? `Every ${minutes} minutes`;

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Name", cell: (s) => s.name },
  {
    key: "kind",
    header: "Type",
    cell: (s) => (
      <>
        {s.kind}
        {s.url ? <span className="source-address">{s.url}</span> : null}
      </>
    ),
  },
  { key: "every", header: "Checked", cell: (s) => every(s.intervalMinutes) },
  {
    key: "last",
    header: "Last run",
    cell: (s) => (s.running ? "Running…" : s.lastRunAt ? <time dateTime={s.lastRunAt}>{formatDateTime(s.lastRunAt)}</time> : "Not yet"),
  },
  { key: "items", header: "New items", cell: (s) => (s.lastError || s.lastItems === null ? "—" : s.lastItems) },
  {
    key: "error",
    header: "Last error",
    cell: (s) =>
      s.lastError ? (
        <span className="source-error">
          {s.lastError}
          {s.status === "active" && s.nextRunAt ? (
            <>
              {" "}
              <small>
                ({s.failures} {s.failures === 1 ? "failure" : "failures in a row"}; next try{" "}
                <time dateTime={s.nextRunAt}>{formatDateTime(s.nextRunAt)}</time>)
              </small>
            </>
          ) : null}
        </span>
      ) : (
        "—"
      ),
  },
  { key: "status", header: "Status", cell: (s) => <span className={`status status-${s.status}`}>{s.status}</span> },
];

export default function MonitoringPage() {
  const { rows, next, place, digest } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const { dialog, close, opener } = useDialog<Row>();
  const actionsOf = (s: Row) => {
    const [edit, status, remove] = recordActions(MONITORING, s, { here, open: opener(s) });
    return [edit!, status!, { label: "Check now", post: `${MONITORING}/${s.id}/run`, fields: { redirectTo: here } }, remove!];
  };
  const [form, fields] = useForm({
    id: "editors-digest",
    constraint: constraintsOf(DigestSchema),
    defaultValue: { frequency: digest.frequency },
    onValidate: ({ formData }) => parseForm(formData, { schema: DigestSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <section>
      <header className="page-header">
        <h1 className="page-title">Monitoring</h1>
        <Link className="button" to="/news/drafts?view=fetch">
          Fetch queue
        </Link>
        <Link className="button primary" to={`${MONITORING}/add`}>
          Add Source
        </Link>
      </header>
      <p className="muted">
        Every active keyword is looked for in these sources. What matches becomes a news item with status fetch in the keyword&apos;s
        client, area and disease, for an admin to complete and publish; an article its disease already has (same link or title) is left out.
      </p>
      <DataTable
        label="Monitoring sources"
        rows={rows}
        columns={COLUMNS}
        rowKey={(s) => s.id}
        rowLabel={(s) => s.name}
        actions={actionsOf}
        empty={NO_DATA}
      />
      <TokenPager place={place} shown={rows.length} next={next} label="Source pages" sizes={PAGE_SIZES.lists} />

      <Form method="post" className="form-card digest-setting" {...getFormProps(form)}>
        <h2>Fetch-queue digest</h2>
        <p className="field-hint">
          Admins who curate news are e-mailed the items monitoring brought into their clients&apos; fetch queue.
          {digest.frequency !== "off" && digest.lastSentAt
            ? ` The next one lists the items fetched after ${formatDateTime(digest.lastSentAt)}.`
            : ""}
        </p>
        <SelectField
          label="E-mail"
          selectProps={getSelectProps(fields.frequency)}
          options={DIGEST_OPTIONS}
          errors={fields.frequency.errors}
        />
        <div className="form-actions">
          <button type="submit" className="button primary">
            Save
          </button>
        </div>
      </Form>
      <Form method="post" className="digest-mine">
        <input type="hidden" name="intent" value="mine" />
        <input type="hidden" name="receive" value={digest.mine ? "off" : "on"} />
        <p className="muted">
          {digest.mine ? "You receive it when it is on." : "You have turned it off for yourself."}{" "}
          <button type="submit" className="button">
            {digest.mine ? "Stop it for me" : "Send it to me again"}
          </button>
        </p>
      </Form>

      {dialog ? (
        <FormDialog title="Delete Source" onClose={close}>
          <ConfirmDelete
            title="Delete Source"
            question={deleteQuestion(dialog.name)}
            redirectTo={here}
            inDialog={{ action: `${MONITORING}/${dialog.id}/delete`, onClose: close }}
          />
        </FormDialog>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Monitoring | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={SOURCES_LOAD_FAILED} />;
}

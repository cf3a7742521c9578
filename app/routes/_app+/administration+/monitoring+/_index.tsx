import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import * as z from "zod/mini";

import { DIGEST_FREQUENCIES, MONITOR_INTERVALS } from "#common/constants";
import { EDITORS_DIGEST_SAVED, FETCH_DIGEST_MINE_OFF, FETCH_DIGEST_MINE_ON, SOURCES_LOAD_FAILED } from "#common/messages";
import { statusColumn, type Column } from "~/components/console/data-table";
import { ListPage, useListView } from "~/components/console/list-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectFor, useSchemaForm } from "~/components/forms";
import { editorsDigestSetting, listSourcesPage, setEditorsDigest, sourceRows } from "~/models/monitor.server";
import { fetchDigestOf, setFetchDigest } from "~/models/user.server";
import { requireUserWith } from "~/services/auth.server";
import { listPageOf, readListQuery } from "~/services/console/list-query.server";
import { MONITORING } from "~/utils/administration";
import { formatDateTime } from "~/utils/dates";
import { parseForm } from "~/utils/form-schema";
import { titled } from "~/utils/meta";
import { readFormData } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { sourceDeleteQuestion } from "./__source-form";

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
  const query = readListQuery(request);
  const [page, digest, mine] = await Promise.all([
    listSourcesPage({ page: query.place }),
    editorsDigestSetting(),
    fetchDigestOf(String(user._id)),
  ]);
  return {
    ...listPageOf(query, page, sourceRows(page.items)),
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
  statusColumn(),
];

export default function MonitoringPage() {
  const listed = useLoaderData<typeof loader>();
  const { digest } = listed;
  const here = useListView();
  return (
    <ListPage
      title="Monitoring"
      links={[
        { to: "/news/drafts?view=fetch", label: "Fetch queue" },
        { to: `${MONITORING}/add`, label: "Add Source", primary: true },
      ]}
      before={
        <p className="muted">
          Every active keyword is looked for in these sources. What matches becomes a news item with status fetch in the keyword&apos;s
          client, area and disease, for an admin to complete and publish; an article its disease already has (same link or title) is left
          out.
        </p>
      }
      label="Monitoring sources"
      pagesLabel="Source pages"
      listed={listed}
      columns={COLUMNS}
      records={{
        list: MONITORING,
        confirmDelete: { title: "Delete Source", question: (s) => sourceDeleteQuestion(s.name) },
        adjust: ([edit, status, remove], s) => [
          edit!,
          status!,
          { label: "Check now", post: `${MONITORING}/${s.id}/run`, fields: { redirectTo: here } },
          remove!,
        ],
      }}
      after={<DigestForms digest={digest} />}
    />
  );
}

/** The fetch-queue digest: how often it goes out, and whether to oneself. */
function DigestForms({ digest }: Pick<Awaited<ReturnType<typeof loader>>, "digest">) {
  const [form, fields] = useSchemaForm(DigestSchema, {
    id: "editors-digest",
    defaultValue: { frequency: digest.frequency },
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <Form method="post" className="form-card digest-setting" {...getFormProps(form)}>
        <h2>Fetch-queue digest</h2>
        <p className="field-hint">
          Admins who curate news are e-mailed the items monitoring brought into their clients&apos; fetch queue.
          {digest.frequency !== "off" && digest.lastSentAt
            ? ` The next one lists the items fetched after ${formatDateTime(digest.lastSentAt)}.`
            : ""}
        </p>
        <SelectFor meta={fields.frequency} label="E-mail" options={DIGEST_OPTIONS} />
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
    </>
  );
}

export const meta = titled("Monitoring");

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={SOURCES_LOAD_FAILED} />;
}

import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { NO_CLIENT_SELECTED, SEARCH_DELETED, SEARCH_GONE, SEARCH_SAVED, SEARCH_UPDATED } from "#common/messages";
import { TokenPager } from "~/components/console/pager";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, SelectField, useSchemaForm } from "~/components/forms";
import {
  createSavedSearch,
  deleteSavedSearch,
  findOwnSavedSearch,
  listSavedSearches,
  updateSavedSearch,
  type SavedSearchRow,
} from "~/models/saved-search.server";
import { requireUser } from "~/services/auth.server";
import { clientContext } from "~/services/shell.server";
import { formatDateTime } from "~/utils/dates";
import { savedQueryOf } from "~/utils/feed-filters.server";
import { parseForm } from "~/utils/form-schema";
import { titled } from "~/utils/meta";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";
import { readFormData } from "~/utils/request.server";
import { withClient } from "~/utils/shell";
import { redirectWithToast } from "~/utils/toast.server";

import { FREQUENCY_OPTIONS, SaveSearchSchema, UpdateSearchSchema } from "./__saved-search-form";

// Saved searches (issue 16): the signed-in user's own searches of the selected client — open one (the feed with its
// filters), rename it, choose its digest's frequency, delete it. "Save this search" on the feed posts here too.

async function selectedClient(request: Request) {
  const user = await requireUser(request);
  const { selected: client } = await clientContext(user, request);
  if (!client) throw await redirectWithToast(request, "/dashboard", { type: "error", message: NO_CLIENT_SELECTED });
  return { user, client };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, client } = await selectedClient(request);
  const place = tokenPlaceOf(new URL(request.url).searchParams, PAGE_SIZES.lists);
  const page = await listSavedSearches({ user, client, page: place });
  return { client: { id: client.id, name: client.name }, searches: page.rows, next: page.next, place: placeServed(place, page) };
}

const LIST = "/news/saved";
const firstError = (error: Record<string, string[] | null> | null | undefined) =>
  Object.values(error ?? {})
    .flat()
    .find(Boolean) ?? "Check the form.";

export async function action({ request }: ActionFunctionArgs) {
  const { user, client } = await selectedClient(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "save") {
    const submission = parseForm(form, { schema: SaveSearchSchema });
    const { query } = savedQueryOf(
      new URLSearchParams(submission.status === "success" ? submission.value.query : String(form.get("query") ?? "")),
    );
    const feed = `/news${query ? `?${query}` : ""}`;
    if (submission.status !== "success")
      return redirectWithToast(request, feed, { type: "error", message: `Search not saved: ${firstError(submission.error)}` });
    await createSavedSearch({ user, client, name: submission.value.name, frequency: submission.value.frequency, query });
    return redirectWithToast(request, feed, { type: "success", message: SEARCH_SAVED });
  }
  const id = String(form.get("id") ?? "");
  if (!(await findOwnSavedSearch({ user, id }))) return redirectWithToast(request, LIST, { type: "error", message: SEARCH_GONE });
  if (intent === "delete") {
    await deleteSavedSearch({ user, id });
    return redirectWithToast(request, LIST, { type: "success", message: SEARCH_DELETED });
  }
  const submission = parseForm(form, { schema: UpdateSearchSchema });
  if (submission.status !== "success")
    return redirectWithToast(request, LIST, { type: "error", message: `Not saved: ${firstError(submission.error)}` });
  await updateSavedSearch({ user, id, name: submission.value.name, frequency: submission.value.frequency });
  return redirectWithToast(request, LIST, { type: "success", message: SEARCH_UPDATED });
}

export const meta = titled("Saved searches");

export default function SavedSearches() {
  const { client, searches, next, place } = useLoaderData<typeof loader>();
  return (
    <section className="page saved-searches-page">
      <header className="page-header">
        <h1 className="page-title">Saved searches</h1>
        <p className="page-subtitle">{client.name}</p>
        <Link className="button" to="/news">
          News
        </Link>
      </header>
      {searches.length === 0 ? (
        <p className="empty">No saved searches yet. Filter the news feed, then use &ldquo;Save this search&rdquo; under its filters.</p>
      ) : (
        <>
          <ul className="saved-searches">
            {searches.map((s) => (
              <SavedSearchItem key={s.id} search={s} clientId={client.id} />
            ))}
          </ul>
          <TokenPager place={place} shown={searches.length} next={next} label="Saved search pages" sizes={PAGE_SIZES.lists} />
        </>
      )}
    </section>
  );
}

/** A saved search; its link names the client, so it opens on that client whichever this browser has selected since. */
function SavedSearchItem({ search, clientId }: { search: SavedSearchRow; clientId: string }) {
  const [form, fields] = useSchemaForm(UpdateSearchSchema, {
    id: `saved-${search.id}`,
    defaultValue: { name: search.name, frequency: search.frequency },
    shouldRevalidate: "onInput",
  });
  const headingId = `saved-${search.id}-name`;
  return (
    <li className="saved-search" aria-labelledby={headingId}>
      <h2 id={headingId} className="saved-search-name">
        <Link to={withClient(`/news${search.query ? `?${search.query}` : ""}`, clientId)}>{search.name}</Link>
      </h2>
      <p className="muted">
        {search.frequency === "off" ? "No e-mail." : `Last digest covered news up to ${formatDateTime(search.lastSentAt)}.`}
      </p>
      <Form method="post" className="saved-search-form" {...getFormProps(form)}>
        <input type="hidden" name="id" value={search.id} />
        <Field label="Name" inputProps={{ ...getInputProps(fields.name, { type: "text" }) }} errors={fields.name.errors} />
        <SelectField
          label="E-mail"
          selectProps={{ ...getSelectProps(fields.frequency) }}
          options={FREQUENCY_OPTIONS}
          errors={fields.frequency.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="form-actions">
          <button type="submit" className="button primary" name="intent" value="update">
            Save
          </button>
          <button type="submit" className="button danger" name="intent" value="delete" formNoValidate aria-label={`Delete ${search.name}`}>
            Delete
          </button>
        </div>
      </Form>
    </li>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

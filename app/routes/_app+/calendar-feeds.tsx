import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxFor, ErrorList, InputFor, SelectFor, useSchemaForm } from "~/components/forms";
import { PlainTable } from "~/components/plain-table";
import { RevokeCell, ShownOnce } from "~/components/secrets";
import {
  createCalendarFeed,
  feedPath,
  feedScopeOptions,
  listCalendarFeeds,
  MAX_FEEDS,
  permittedFeedScope,
  revokeCalendarFeed,
} from "~/models/calendar-feed.server";
import { requireUser } from "~/services/auth.server";
import { formatDateTime } from "~/utils/dates";
import { appOrigin } from "~/utils/email.server";
import { parseForm } from "~/utils/form-schema";
import { readFormData } from "~/utils/request.server";
import { revokeFromForm } from "~/utils/revoke.server";

// Calendar feeds (issue 16): the signed-in user's secret ICS addresses for Outlook or Google Calendar, each of one
// client's events (optionally one area or disease) and, when chosen, trials' primary completion dates. The full
// address is shown once, right after it is made (only its hash is stored); afterwards only its start. Reached from
// the account menu, as Change Password.

export const CalendarFeedSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(100, "Name is too long (100 characters at most)")),
  scope: z.string({ error: "Choose what the feed shows" }),
  trials: z.optional(z.boolean()),
});

export const FEED_REVOKED = "Calendar feed revoked. Its address no longer works.";
export const NO_SUCH_FEED = "No such calendar feed.";
export const FEED_SCOPE_REFUSED = "You may not see that client, area or disease.";
export const TOO_MANY_FEEDS = `You have ${MAX_FEEDS} calendar feeds: revoke one before you add another.`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [feeds, scopes] = await Promise.all([listCalendarFeeds({ user }), feedScopeOptions({ user })]);
  // Only the start of a token is kept: the address shows it in place of the whole, ".ics" still at the end.
  return { feeds: feeds.map(({ tokenStart, ...feed }) => ({ ...feed, address: `${appOrigin()}${feedPath(`${tokenStart}…`)}` })), scopes };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  if (form.get("intent") === "revoke")
    throw await revokeFromForm(request, form, {
      field: "feedId",
      page: "/calendar-feeds",
      revoke: (id) => revokeCalendarFeed({ user, id }),
      done: FEED_REVOKED,
      missing: NO_SUCH_FEED,
    });
  const submission = parseForm(form, { schema: CalendarFeedSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  const scope = await permittedFeedScope({ user, value: submission.value.scope });
  if (!scope) return data({ result: submission.reply({ fieldErrors: { scope: [FEED_SCOPE_REFUSED] } }), created: null }, { status: 400 });
  const token = await createCalendarFeed({ user, scope, trials: submission.value.trials ?? false, name: submission.value.name });
  if (!token) return data({ result: submission.reply({ formErrors: [TOO_MANY_FEEDS] }), created: null }, { status: 400 });
  return {
    result: submission.reply({ resetForm: true }),
    created: { name: submission.value.name, url: `${appOrigin()}${feedPath(token)}` },
  };
}

export const meta: MetaFunction = () => [{ title: "Calendar Feeds | Pharmascope" }];

export default function CalendarFeedsPage() {
  const { feeds, scopes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(CalendarFeedSchema, {
    id: "calendar-feed",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const created = actionData?.created;
  return (
    <section className="page">
      <h1 className="page-title">Calendar Feeds</h1>
      <p>
        Subscribe to the events you may see from Outlook, Google Calendar or any calendar that takes an internet calendar (ICS) address.
        Keep an address to yourself: anyone who has it sees the feed. Revoke it and it stops working at once.
      </p>
      {created ? (
        <ShownOnce label="Feed address" id="feed-address" value={created.url} copy="Copy address">
          Calendar feed <strong>{created.name}</strong> created. Copy its address now: it is shown only once.
        </ShownOnce>
      ) : null}
      <h2>New feed</h2>
      {scopes.length ? (
        <Form method="post" className="form-card" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <InputFor
            meta={fields.name}
            label="Name"
            hint="For you to tell your feeds apart, e.g. 'Neurology congresses'."
            extra={{ maxLength: 100 }}
          />
          <SelectFor meta={fields.scope} label="Events of" options={scopes} placeholder="Choose a client, area or disease" />
          <CheckboxFor meta={fields.trials} label="Include trial primary completion dates" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button className="button primary" type="submit" disabled={navigation.state === "submitting"}>
            Create feed
          </button>
        </Form>
      ) : (
        <p>You don't have access to any client yet.</p>
      )}
      <h2>Your feeds</h2>
      {feeds.length ? (
        // Focusable, so a keyboard can scroll the wide table on a narrow screen.
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Your feeds">
          <PlainTable columns={["Name", "Events of", "Trial dates", "Address", "Created", "Last fetched", "Status"]}>
            {feeds.map((feed) => (
              <tr key={feed.id}>
                <th scope="row">{feed.name}</th>
                <td>{feed.scope}</td>
                <td>{feed.trials ? "Yes" : "No"}</td>
                <td className="feed-address">
                  <code>{feed.address}</code>
                </td>
                <td>{formatDateTime(feed.createdAt)}</td>
                <td>{feed.lastFetchedAt ? formatDateTime(feed.lastFetchedAt) : "Never"}</td>
                <td>
                  <RevokeCell name={feed.name} revokedAt={feed.revokedAt} field="feedId" id={feed.id} />
                </td>
              </tr>
            ))}
          </PlainTable>
        </div>
      ) : (
        <p>You have no calendar feeds yet.</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

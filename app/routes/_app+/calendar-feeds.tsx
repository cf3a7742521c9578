import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/mini";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxFor, SelectFor } from "~/components/forms";
import { PlainTable } from "~/components/plain-table";
import { RevokeCell, SecretsPage, ShownOnce } from "~/components/secrets";
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
import { secretName } from "~/utils/secret-schema";
import { refused, secretsAction } from "~/utils/secrets.server";

// Calendar feeds (issue 16): the signed-in user's secret ICS addresses for Outlook or Google Calendar, each of one
// client's events (optionally one area or disease) and, when chosen, trials' primary completion dates. The full
// address is shown once, right after it is made (only its hash is stored); afterwards only its start. Reached from
// the account menu, as Change Password.

export const CalendarFeedSchema = z.object({
  name: secretName,
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
  return secretsAction(request, {
    schema: CalendarFeedSchema,
    create: async (value) => {
      const scope = await permittedFeedScope({ user, value: value.scope });
      if (!scope) return refused({ fieldErrors: { scope: [FEED_SCOPE_REFUSED] } });
      const token = await createCalendarFeed({ user, scope, trials: value.trials ?? false, name: value.name });
      if (!token) return refused({ formErrors: [TOO_MANY_FEEDS] });
      return { created: { name: value.name, url: `${appOrigin()}${feedPath(token)}` } };
    },
    revoke: {
      field: "feedId",
      page: "/calendar-feeds",
      revoke: (id) => revokeCalendarFeed({ user, id }),
      done: FEED_REVOKED,
      missing: NO_SUCH_FEED,
    },
  });
}

export const meta: MetaFunction = () => [{ title: "Calendar Feeds | Pharmascope" }];

export default function CalendarFeedsPage() {
  const { feeds, scopes } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <SecretsPage
      title="Calendar Feeds"
      intro={
        <>
          Subscribe to the events you may see from Outlook, Google Calendar or any calendar that takes an internet calendar (ICS) address.
          Keep an address to yourself: anyone who has it sees the feed. Revoke it and it stops working at once.
        </>
      }
      sent={sent}
      shown={(created) => (
        <ShownOnce label="Feed address" id="feed-address" value={created.url} copy="Copy address">
          Calendar feed <strong>{created.name}</strong> created. Copy its address now: it is shown only once.
        </ShownOnce>
      )}
      form={{
        schema: CalendarFeedSchema,
        id: "calendar-feed",
        nameHint: "For you to tell your feeds apart, e.g. 'Neurology congresses'.",
        title: "New feed",
        fields: (fields) => (
          <>
            <SelectFor meta={fields.scope} label="Events of" options={scopes} placeholder="Choose a client, area or disease" />
            <CheckboxFor meta={fields.trials} label="Include trial primary completion dates" />
          </>
        ),
        submit: "Create feed",
        unavailable: scopes.length ? undefined : "You don't have access to any client yet.",
      }}
      listTitle="Your feeds"
    >
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
    </SecretsPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

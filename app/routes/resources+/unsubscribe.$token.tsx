import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { DIGEST_LINK_INVALID, DIGEST_OFF } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Notice } from "~/components/notice";
import { PublicCard } from "~/components/public-card";
import { findFollowById, stopFollow } from "~/models/disease-follow.server";
import { findSavedSearchById, turnDigestOff } from "~/models/saved-search.server";
import { fetchDigestOf, setFetchDigest } from "~/models/user.server";
import { readUnsubscribeToken } from "~/utils/digest-token.server";

// A digest's unsubscribe link (issue 16), without signing in: the signed token is the only credential. Opening the
// link changes nothing — mail scanners and link previews follow links — the button on the page (a POST) turns the
// digest off. A saved search stays (its owner can turn mail on again from the saved searches page); an admin turns the
// fetch-queue digest on again from the Monitoring page; a followed disease is unfollowed (followed again from its
// report page).

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** What the token turns off, as the page names it, and whether it already is. */
async function digestOf(token: string | undefined) {
  const signed = readUnsubscribeToken(token);
  if (!signed) return null;
  if (signed.kind === "fetch-queue") {
    const digest = await fetchDigestOf(signed.id);
    return digest ? { ...signed, question: "Stop the e-mail digest of new fetch-queue items?", off: !digest.on } : null;
  }
  if (signed.kind === "follow") {
    // A follow stopped is gone: its signed link says it is off.
    const follow = await findFollowById(signed.id);
    const name = follow?.disease?.name ?? "this disease";
    return { ...signed, question: `Stop the e-mails of what changes in the ${name} landscape?`, off: !follow };
  }
  const search = await findSavedSearchById(signed.id);
  return search
    ? {
        ...signed,
        question: `Stop the e-mail digest of your saved search “${search.name}”? The search itself stays saved.`,
        off: search.frequency === "off",
      }
    : null;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const digest = await digestOf(params.token);
  if (!digest) return data({ digest: null }, { status: 404, headers: NO_STORE });
  return data({ digest: { kind: digest.kind, question: digest.question, off: digest.off } }, { headers: NO_STORE });
}

export async function action({ params }: ActionFunctionArgs) {
  const digest = await digestOf(params.token);
  if (!digest) return data({ done: false }, { status: 404, headers: NO_STORE });
  await (digest.kind === "fetch-queue"
    ? setFetchDigest(digest.id, false)
    : digest.kind === "follow"
      ? stopFollow(digest.id)
      : turnDigestOff(digest.id));
  return data({ done: true }, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [{ title: "Unsubscribe | Pharmascope" }, { name: "robots", content: "noindex" }];

export default function Unsubscribe() {
  const { digest } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  if (!digest) {
    return (
      <PublicCard title="Unsubscribe">
        <Notice tone="error">{DIGEST_LINK_INVALID}</Notice>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Unsubscribe">
      {done || digest.off ? (
        <Notice tone="success">{DIGEST_OFF}</Notice>
      ) : (
        <Form method="post">
          <p>{digest.question}</p>
          <button type="submit" className="button primary wide">
            Unsubscribe
          </button>
        </Form>
      )}
      <p className="muted">
        {digest.kind === "fetch-queue" ? (
          <Link to="/administration/monitoring">Manage it on the Monitoring page</Link>
        ) : digest.kind === "follow" ? (
          <Link to="/dashboard">Follow it again from its report page</Link>
        ) : (
          <Link to="/news/saved">Manage your saved searches</Link>
        )}{" "}
        (sign-in required).
      </p>
    </PublicCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

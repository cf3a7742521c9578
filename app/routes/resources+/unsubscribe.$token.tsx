import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DIGEST_LINK_INVALID, DIGEST_OFF } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicCard } from "~/components/public-card";
import { findSavedSearchById, turnDigestOff } from "~/models/saved-search.server";
import { readUnsubscribeToken } from "~/utils/digest-token.server";

// A digest's unsubscribe link (issue 16), without signing in: the signed token is the only credential. Opening the
// link changes nothing — mail scanners and link previews follow links — the button on the page (a POST) turns the
// digest off. The saved search stays; its owner can turn mail on again from the saved searches page.

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

async function savedSearchOf(token: string | undefined) {
  const id = readUnsubscribeToken(token);
  const search = id ? await findSavedSearchById(id) : null;
  return search && id ? { id, name: search.name, off: search.frequency === "off" } : null;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const search = await savedSearchOf(params.token);
  if (!search) return data({ search: null }, { status: 404, headers: NO_STORE });
  return data({ search: { name: search.name, off: search.off } }, { headers: NO_STORE });
}

export async function action({ params }: ActionFunctionArgs) {
  const search = await savedSearchOf(params.token);
  if (!search) return data({ done: false }, { status: 404, headers: NO_STORE });
  await turnDigestOff(search.id);
  return data({ done: true }, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [{ title: "Unsubscribe | Pharmascope" }, { name: "robots", content: "noindex" }];

export default function Unsubscribe() {
  const { search } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  if (!search) {
    return (
      <PublicCard title="Unsubscribe">
        <p role="alert" className="notice error">{DIGEST_LINK_INVALID}</p>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Unsubscribe">
      {done || search.off ? (
        <p role="status" className="notice success">{DIGEST_OFF}</p>
      ) : (
        <Form method="post">
          <p>
            Stop the e-mail digest of your saved search &ldquo;{search.name}&rdquo;? The search itself stays saved.
          </p>
          <button type="submit" className="button primary wide">
            Unsubscribe
          </button>
        </Form>
      )}
      <p className="muted">
        <Link to="/news/saved">Manage your saved searches</Link> (sign-in required).
      </p>
    </PublicCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

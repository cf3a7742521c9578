import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { PublicCard } from "~/components/public-card";
import { destroyUserSession, getUser } from "~/utils/session.server";

// Signing out changes state, so only a POST does it (the user menu's Log Out button, or the button here): a link or
// an image pointing at /logout cannot sign anyone out. After the POST the page shows 'Loging Out....' (user-app §2)
// and moves on to /login by itself through its meta refresh. Browsers honour that tag even when a client-side
// navigation inserts it, so there is no JavaScript timer as well: two timers meant two navigations to /login, and
// the second one cut off whatever the user opened next.
export async function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: Boolean(await getUser(request)) };
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/logout", { headers: await destroyUserSession(request) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn
    ? [{ title: "Log Out | Pharmascope" }]
    : [{ title: "Loging Out.... | Pharmascope" }, { httpEquiv: "refresh", content: "1;url=/login" }];

export default function LogoutPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  if (signedIn) {
    return (
      <PublicCard title="Log Out">
        <p className="muted">Do you want to sign out of Pharmascope on this device?</p>
        <Form method="post">
          <button className="button primary wide" type="submit">
            Log Out
          </button>
        </Form>
        <p className="public-links">
          <Link to="/dashboard">Stay signed in</Link>
        </p>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Loging Out....">
      <div className="spinner" role="progressbar" aria-label="Signing out" />
      <p className="muted">
        You are signed out. <a href="/login">Continue to sign in</a>
      </p>
    </PublicCard>
  );
}

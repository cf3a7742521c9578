import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PublicCard } from "~/components/public-card";
import { destroyUserSession, getUser } from "~/utils/session.server";

// Signing out changes state, so it happens on POST only. The GET page shows 'Loging Out....' (user-app §2) and
// moves on to /login by itself; if a session is still open it first submits the sign-out form.
export async function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: Boolean(await getUser(request)) };
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/logout", { headers: await destroyUserSession(request) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Loging Out.... | Pharmascope" },
  ...(data?.signedIn ? [] : [{ httpEquiv: "refresh", content: "1;url=/login" } as const]),
];

export default function LogoutPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (signedIn) submit(form.current, { replace: true });
    else {
      const timer = setTimeout(() => navigate("/login", { replace: true }), 1_000);
      return () => clearTimeout(timer);
    }
  }, [signedIn, submit, navigate]);
  return (
    <PublicCard title="Loging Out....">
      <div className="spinner" role="progressbar" aria-label="Signing out" />
      {signedIn ? (
        <Form method="post" ref={form}>
          <noscript>
            <button className="button primary wide" type="submit">
              Log Out
            </button>
          </noscript>
        </Form>
      ) : (
        <p className="muted">
          You are signed out. <a href="/login">Continue to sign in</a>
        </p>
      )}
    </PublicCard>
  );
}

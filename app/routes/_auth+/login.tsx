import { getFormProps, getInputProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import * as z from "zod/mini";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, InputFor, SubmitButton, useSchemaForm } from "~/components/forms";
import { PublicCard } from "~/components/public-card";
import { authenticator, LoginError, requireAnonymous } from "~/services/auth.server";
import { parseForm } from "~/utils/form-schema";
import { clientAddress, consumeAttempt, refundAttempt } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/request.server";
import { createUserSession } from "~/utils/session.server";
import { safeRedirect } from "~/utils/url";
import { CredentialsSchema } from "~/utils/user-validation";

/** user-app §5: email and password required; `redirectTo` is where the user was going. */
const LoginSchema = z.extend(CredentialsSchema, { redirectTo: z.optional(z.string().check(z.maxLength(2_000))) });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseForm(await readFormData(request.clone()), { schema: LoginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const who = { account: submission.value.email, address: clientAddress(context) };
  const limited = await consumeAttempt("login", who, (message) => submission.reply({ formErrors: [message], hideFields: ["password"] }));
  if (limited) return limited;
  try {
    const userId = await authenticator.authenticate("form", request);
    await refundAttempt("login", who); // only failures count toward the limit
    const cookie = await createUserSession(request, userId);
    return redirect(safeRedirect(submission.value.redirectTo), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: 401 });
  }
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useSchemaForm(LoginSchema, {
    id: "login",
    lastResult,
    defaultValue: { redirectTo: searchParams.get("redirectTo") ?? "" },
    shouldRevalidate: "onBlur",
  });
  const failed = Boolean(form.errors?.length);
  return (
    <PublicCard title="Sign in">
      <Form method="post" {...getFormProps(form)}>
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        <InputFor meta={fields.email} label="Email" invalid={failed} type="email" extra={{ autoComplete: "email", autoFocus: true }} />
        <InputFor meta={fields.password} label="Password" invalid={failed} type="password" extra={{ autoComplete: "current-password" }} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="button primary wide" pending="Signing in…">
          Sign in
        </SubmitButton>
      </Form>
      <p className="public-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to="/sign-up">Request an account</Link>
      </p>
    </PublicCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign in | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import * as z from "zod/mini";

import { UNEXPECTED_ERROR } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, InputFor, SubmitButton, useSchemaForm } from "~/components/forms";
import { Notice } from "~/components/notice";
import { PublicCard } from "~/components/public-card";
import { findActiveUserByEmail } from "~/models/user.server";
import { requireAnonymous } from "~/services/auth.server";
import { parseForm } from "~/utils/form-schema";
import { sendPasswordLink } from "~/utils/password-reset.server";
import { clientAddress, consumeAttempt } from "~/utils/rate-limit.server";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { EmailSchema } from "~/utils/user-validation";

/** user-app §5: email required. */
const ForgotPasswordSchema = z.object({ email: EmailSchema });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseForm(await readFormData(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  const { email } = submission.value;
  const limited = await consumeAttempt("forgotPassword", { account: email, address: clientAddress(context) }, (message) => ({
    result: submission.reply({ formErrors: [message] }),
    sentTo: null,
  }));
  if (limited) return limited;
  // Only active accounts get a link; everyone gets the same notice, so the form reveals no accounts.
  const user = await findActiveUserByEmail(email);
  try {
    if (user) await sendPasswordLink(user, "reset");
  } catch (error) {
    rethrowResponse(error);
    console.error("forgot-password: could not send the link", error);
    return data({ result: submission.reply({ formErrors: [UNEXPECTED_ERROR] }), sentTo: null }, { status: 500 });
  }
  return { result: submission.reply(), sentTo: email };
}

export const meta: MetaFunction = () => [{ title: "Forgot password | Pharmascope" }];

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, {
    id: "forgot-password",
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
  });
  // Once sent, the same card offers to send it again, to the address it went to.
  const sentTo = actionData?.sentTo;
  return (
    <PublicCard title={sentTo ? "Check your email" : "Forgot password"}>
      {sentTo ? (
        <Notice>
          An email has been sent to <strong>{sentTo}</strong> with a link to set a new password.
        </Notice>
      ) : (
        <p className="muted">Enter the email of your account and we will send you a link to set a new password.</p>
      )}
      <Form method="post" {...(sentTo ? {} : getFormProps(form))}>
        {sentTo ? (
          <input type="hidden" name="email" value={sentTo} />
        ) : (
          <>
            <InputFor meta={fields.email} label="Email" type="email" extra={{ autoComplete: "email", autoFocus: true }} />
            <ErrorList id={form.errorId} errors={form.errors} />
          </>
        )}
        <SubmitButton className={`button ${sentTo ? "secondary" : "primary"} wide`} pending="Sending…">
          {sentTo ? "Send Again" : "Send"}
        </SubmitButton>
      </Form>
      <p className="public-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </PublicCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

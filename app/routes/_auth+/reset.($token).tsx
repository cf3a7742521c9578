import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import * as z from "zod/mini";

import { NO_TOKEN, PASSWORD_SET, UNEXPECTED_ERROR } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, InputFor, JS_FIELD, JsMarker, SubmitButton, useSchemaForm } from "~/components/forms";
import { Notice } from "~/components/notice";
import { PublicCard } from "~/components/public-card";
import { parseForm } from "~/utils/form-schema";
import { findUsableToken, resetPasswordWithToken } from "~/utils/password-reset.server";
import { clientAddress, consumeAttempt } from "~/utils/rate-limit.server";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useAfter } from "~/utils/use-after";
import { matchingPasswords, NewPasswordFields, PASSWORD_HINT } from "~/utils/user-validation";

/** user-app §5: the new password by the rules, its confirmation equal. */
export const ResetPasswordSchema = z.object(NewPasswordFields).check(matchingPasswords);
const REDIRECT_MS = 2_000;
const LINK_INVALID = "This password link is invalid, was already used or has expired. Please request a new one.";

/** A used, expired or unknown token behaves like the spec's 404: back to /forgot-password with the reason. */
function invalidLink(request: Request) {
  return redirectWithToast(request, "/forgot-password", { type: "error", message: LINK_INVALID });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.token) return { hasToken: false };
  if (!(await findUsableToken(params.token))) throw await invalidLink(request);
  return { hasToken: true };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseForm(formData, { schema: ResetPasswordSchema });
  if (!params.token) return data({ result: submission.reply({ formErrors: [NO_TOKEN] }), done: false }, { status: 400 });
  if (submission.status !== "success") return data({ result: submission.reply(), done: false }, { status: 400 });
  const limited = await consumeAttempt(
    "resetPassword",
    { account: params.token.slice(0, 16), address: clientAddress(context) },
    (message) => ({
      result: submission.reply({ formErrors: [message] }),
      done: false,
    }),
  );
  if (limited) return limited;
  let reset: string | null;
  try {
    reset = await resetPasswordWithToken(params.token, submission.value.newPassword);
  } catch (error) {
    rethrowResponse(error);
    console.error("reset-password: not saved", error);
    // The spec's fallback (user-app §8) on the form, which stays to be sent again.
    return data({ result: submission.reply({ formErrors: [UNEXPECTED_ERROR] }), done: false }, { status: 500 });
  }
  if (!reset) throw await invalidLink(request);
  // With JavaScript the page shows the message and moves on after 2 s; without it, a redirect carries a toast.
  if (formData.get(JS_FIELD)) return { result: submission.reply({ resetForm: true }), done: true };
  throw await redirectWithToast(request, "/", { type: "success", message: PASSWORD_SET });
}

// After a successful reset the token is spent: re-running the loader would bounce to /forgot-password before
// the success message has been seen.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.done ? false : defaultShouldRevalidate;

export const meta: MetaFunction = () => [{ title: "Set a new password | Pharmascope" }];

export default function ResetPasswordPage() {
  const { hasToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const [form, fields] = useSchemaForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult: actionData?.result,
    shouldRevalidate: "onInput",
  });
  const done = actionData?.done;
  useAfter(done, REDIRECT_MS, () => navigate("/", { replace: true }));

  if (done) {
    return (
      <PublicCard title="Set a new password">
        <Notice tone="success">{PASSWORD_SET}</Notice>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Set a new password">
      {!hasToken ? (
        <>
          <Notice tone="error">{NO_TOKEN}</Notice>
          <p className="muted">
            Open the link from your email, or <Link to="/forgot-password">request a new one</Link>.
          </p>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <JsMarker />
          <InputFor
            meta={fields.newPassword}
            label="New password"
            hint={PASSWORD_HINT}
            type="password"
            extra={{ autoComplete: "new-password", autoFocus: true }}
          />
          <InputFor meta={fields.confirmPass} label="Confirm password" type="password" extra={{ autoComplete: "new-password" }} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="button primary wide">Set Password</SubmitButton>
        </Form>
      )}
    </PublicCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

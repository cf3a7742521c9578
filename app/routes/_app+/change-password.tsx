import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useSubmit } from "@remix-run/react";
import * as z from "zod/mini";

import { PASSWORD_CHANGED, UNEXPECTED_ERROR } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, InputFor, JS_FIELD, JsMarker, SubmitButton, useSchemaForm } from "~/components/forms";
import { Notice } from "~/components/notice";
import { setPassword, verifyUserPassword } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { parseForm, parseFormAsync } from "~/utils/form-schema";
import { clientAddress, consumeAttempt, refundAttempt } from "~/utils/rate-limit.server";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { destroyUserSession, endOtherSessions } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useAfter } from "~/utils/use-after";
import { matchingPasswords, NewPasswordFields, PASSWORD_HINT, PasswordInputSchema } from "~/utils/user-validation";

/** user-app §5: the current password required, then the reset rules. */
export const ChangePasswordSchema = z.object({ currPassword: PasswordInputSchema, ...NewPasswordFields }).check(matchingPasswords);
const LOGOUT_AFTER_MS = 1_000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

const HIDDEN = ["currPassword", "newPassword", "confirmPass"];

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  // Each check of the current password is a guess, limited like sign-in: past the limit even the right one is refused
  // until the window ends. Only wrong guesses count: a right one gives its attempt back.
  const who = { account: String(user._id), address: clientAddress(context) };
  if (formData.get("currPassword")) {
    const reply = (message: string) => ({
      result: parseForm(formData, { schema: ChangePasswordSchema }).reply({ formErrors: [message], hideFields: HIDDEN }),
      done: false,
    });
    const limited = await consumeAttempt("changePassword", who, reply);
    if (limited) return limited;
  }
  let verified = false;
  const submission = await parseFormAsync(formData, {
    schema: ChangePasswordSchema.check(
      z.superRefine(async (value, ctx) => {
        if (!value.currPassword) return;
        verified = await verifyUserPassword({ user, password: value.currPassword });
        if (!verified) ctx.addIssue({ code: "custom", path: ["currPassword"], message: "Current password is incorrect" });
      }),
    ),
  });
  if (verified) await refundAttempt("changePassword", who);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDDEN }), done: false }, { status: 400 });
  }
  try {
    await setPassword({ userId: String(user._id), password: submission.value.newPassword });
    // Every other device is signed out now; this one goes through /logout (user-app §4).
    await endOtherSessions(String(user._id), request);
  } catch (error) {
    rethrowResponse(error);
    console.error("change-password: not saved", error);
    // The spec's fallback (user-app §8) on the form, which stays to be sent again.
    return data({ result: submission.reply({ formErrors: [UNEXPECTED_ERROR], hideFields: HIDDEN }), done: false }, { status: 500 });
  }
  if (formData.get(JS_FIELD)) return { result: submission.reply({ resetForm: true }), done: true };
  throw await redirectWithToast(
    request,
    "/logout",
    { type: "success", message: PASSWORD_CHANGED },
    { headers: await destroyUserSession(request) },
  );
}

export const meta: MetaFunction = () => [{ title: "Change Password | Pharmascope" }];

export default function ChangePasswordPage() {
  const actionData = useActionData<typeof action>();
  const submit = useSubmit();
  const [form, fields] = useSchemaForm(ChangePasswordSchema, {
    id: "change-password",
    lastResult: actionData?.result,
    shouldRevalidate: "onInput",
  });
  const done = actionData?.done;
  // The message shows for a second, then this device signs out through /logout's POST (only a POST signs out).
  useAfter(done, LOGOUT_AFTER_MS, () => submit(null, { method: "post", action: "/logout", replace: true }));

  return (
    <section className="page narrow">
      <h1 className="page-title">Change Password</h1>
      {done ? (
        <Notice tone="success">{PASSWORD_CHANGED}</Notice>
      ) : (
        <Form method="post" className="form-card" {...getFormProps(form)}>
          <JsMarker />
          <InputFor
            meta={fields.currPassword}
            label="Current password"
            type="password"
            extra={{ autoComplete: "current-password", autoFocus: true }}
          />
          <InputFor
            meta={fields.newPassword}
            label="New password"
            hint={PASSWORD_HINT}
            type="password"
            extra={{ autoComplete: "new-password" }}
          />
          <InputFor meta={fields.confirmPass} label="Confirm new password" type="password" extra={{ autoComplete: "new-password" }} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="button primary">Change Password</SubmitButton>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

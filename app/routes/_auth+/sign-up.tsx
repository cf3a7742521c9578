import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import * as z from "zod/mini";

import { SIGN_UP_FAILED } from "#common/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, InputFor, SubmitButton, useSchemaForm } from "~/components/forms";
import { Notice } from "~/components/notice";
import { PublicCard } from "~/components/public-card";
import { createSignUpRequest } from "~/models/user.server";
import { requireAnonymous } from "~/services/auth.server";
import { parseForm } from "~/utils/form-schema";
import { clientAddress, consumeAttempt } from "~/utils/rate-limit.server";
import { readFormData, rethrowResponse } from "~/utils/request.server";
import { EmailSchema, NameSchema } from "~/utils/user-validation";

/** The same answer whether or not the email is known, so the form reveals no accounts. */
export const SIGN_UP_MESSAGE =
  "Thank you! Your request has been received. An administrator will review it, and you will receive an email to set your password once it is approved.";

/** user-app §5: first name, last name and email required. */
const SignUpSchema = z.object({ first: NameSchema, last: NameSchema, email: EmailSchema });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseForm(await readFormData(request), { schema: SignUpSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  const { first, last, email } = submission.value;
  const limited = await consumeAttempt("signUp", { account: email, address: clientAddress(context) }, (message) => ({
    result: submission.reply({ formErrors: [message] }),
    message: null,
  }));
  if (limited) return limited;
  try {
    await createSignUpRequest({ first, last, email });
  } catch (error) {
    rethrowResponse(error);
    console.error("sign-up failed", error);
    return data({ result: submission.reply({ formErrors: [SIGN_UP_FAILED] }), message: null }, { status: 500 });
  }
  return { result: submission.reply({ resetForm: true }), message: SIGN_UP_MESSAGE };
}

export const meta: MetaFunction = () => [{ title: "Request an account | Pharmascope" }];

export default function SignUpPage() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(SignUpSchema, { id: "sign-up", lastResult: actionData?.result, shouldRevalidate: "onBlur" });
  if (actionData?.message) {
    return (
      <PublicCard title="Request an account">
        <Notice>{actionData.message}</Notice>
        <Link className="button primary wide" to="/login">
          Back to sign in
        </Link>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Request an account">
      <Form method="post" {...getFormProps(form)}>
        <InputFor meta={fields.first} label="First name" extra={{ autoComplete: "given-name", autoFocus: true }} />
        <InputFor meta={fields.last} label="Last name" extra={{ autoComplete: "family-name" }} />
        <InputFor meta={fields.email} label="Email" type="email" extra={{ autoComplete: "email" }} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="button primary wide" pending="Sending…">
          Sign Up
        </SubmitButton>
      </Form>
      <p className="public-links">
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </PublicCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

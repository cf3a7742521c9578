import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";

import { API_TOKEN_DAYS, API_TOKEN_SCOPES } from "#common/constants";
import { NO_SUCH_TOKEN, TOKEN_REVOKED } from "#common/messages";
import { ApiTokenTable } from "~/components/api-token-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, InputFor, SelectFor, useSchemaForm } from "~/components/forms";
import { ShownOnce } from "~/components/secrets";
import { createApiToken, listApiTokens, revokeApiToken } from "~/models/api-token.server";
import { requireUser } from "~/services/auth.server";
import { parseForm } from "~/utils/form-schema";
import { titled } from "~/utils/meta";
import { readFormData } from "~/utils/request.server";
import { revokeFromForm } from "~/utils/revoke.server";

// API tokens (issue 29): the signed-in user's personal tokens for the integration API (/api/v1) and the MCP endpoint.
// A token is shown once, right after it is made (only its hash is stored); afterwards only its start. It acts with its
// owner's current access, within its scope, until it expires or is revoked. Reached from the account menu.

export const ApiTokenSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(100, "Name is too long (100 characters at most)")),
  days: z.pipe(
    z.string({ error: "Choose when the token expires" }),
    z.transform(Number).check(z.refine((n) => (API_TOKEN_DAYS as readonly number[]).includes(n), "Choose when the token expires")),
  ),
  scope: z.enum(API_TOKEN_SCOPES, { error: "Choose what the token may do" }),
});

const EXPIRY_OPTIONS = API_TOKEN_DAYS.map((days) => ({ value: String(days), label: days === 365 ? "1 year" : `${days} days` }));
const SCOPE_OPTIONS = [
  { value: "read", label: "Read: what you may see" },
  { value: "read+write", label: "Read and write: also what you may change" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { tokens: await listApiTokens({ user }), now: new Date().toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  if (form.get("intent") === "revoke")
    throw await revokeFromForm(request, form, {
      field: "tokenId",
      page: "/api-tokens",
      revoke: (id) => revokeApiToken({ owner: user, id }),
      done: TOKEN_REVOKED,
      missing: NO_SUCH_TOKEN,
    });
  const submission = parseForm(form, { schema: ApiTokenSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  const { secret } = await createApiToken({ user, ...submission.value });
  return { result: submission.reply({ resetForm: true }), created: { name: submission.value.name, secret } };
}

export const meta = titled("API Tokens");

export default function ApiTokensPage() {
  const { tokens, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ApiTokenSchema, {
    id: "api-token",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { days: "90", scope: "read" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const created = actionData?.created;
  return (
    <section className="page">
      <h1 className="page-title">API Tokens</h1>
      <p>
        A token lets your own programs and AI assistants read what you may see in Pharmascope through its API (
        <Link to="/api-docs">reference</Link>), as you, with your current access. Keep a token to yourself: anyone who has it acts as you.
        Revoke it and it stops working at once.
      </p>
      {created ? (
        <ShownOnce label="Token" id="api-token-secret" value={created.secret} copy="Copy token">
          API token <strong>{created.name}</strong> created. Copy it now: it is shown only once.
        </ShownOnce>
      ) : null}
      <h2>New token</h2>
      <Form method="post" className="form-card" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <InputFor
          meta={fields.name}
          label="Name"
          hint="For you to tell your tokens apart, e.g. 'Intranet news page'."
          extra={{ maxLength: 100 }}
        />
        <SelectFor meta={fields.days} label="Expires after" options={EXPIRY_OPTIONS} />
        <SelectFor meta={fields.scope} label="Scope" options={SCOPE_OPTIONS} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button className="button primary" type="submit" disabled={navigation.state === "submitting"}>
          Create token
        </button>
      </Form>
      <h2>Your tokens</h2>
      <ApiTokenTable tokens={tokens} now={now} label="Your tokens" none="You have no API tokens yet." />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

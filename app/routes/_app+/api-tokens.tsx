import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/mini";

import { API_TOKEN_DAYS, API_TOKEN_SCOPES } from "#common/constants";
import { NO_SUCH_TOKEN, TOKEN_REVOKED } from "#common/messages";
import { ApiTokenTable } from "~/components/api-token-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectFor } from "~/components/forms";
import { SecretsPage, ShownOnce } from "~/components/secrets";
import { createApiToken, listApiTokens, revokeApiToken } from "~/models/api-token.server";
import { requireUser } from "~/services/auth.server";
import { titled } from "~/utils/meta";
import { secretName } from "~/utils/secret-schema";
import { secretsAction } from "~/utils/secrets.server";

// API tokens (issue 29): the signed-in user's personal tokens for the integration API (/api/v1) and the MCP endpoint.
// A token is shown once, right after it is made (only its hash is stored); afterwards only its start. It acts with its
// owner's current access, within its scope, until it expires or is revoked. Reached from the account menu.

export const ApiTokenSchema = z.object({
  name: secretName,
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
  return secretsAction(request, {
    schema: ApiTokenSchema,
    create: async (value) => {
      const { secret } = await createApiToken({ user, ...value });
      return { created: { name: value.name, secret } };
    },
    revoke: {
      field: "tokenId",
      page: "/api-tokens",
      revoke: (id) => revokeApiToken({ owner: user, id }),
      done: TOKEN_REVOKED,
      missing: NO_SUCH_TOKEN,
    },
  });
}

export const meta = titled("API Tokens");

export default function ApiTokensPage() {
  const { tokens, now } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <SecretsPage
      title="API Tokens"
      intro={
        <>
          A token lets your own programs and AI assistants read what you may see in Pharmascope through its API (
          <Link to="/api-docs">reference</Link>), as you, with your current access. Keep a token to yourself: anyone who has it acts as you.
          Revoke it and it stops working at once.
        </>
      }
      sent={sent}
      shown={(created) => (
        <ShownOnce label="Token" id="api-token-secret" value={created.secret} copy="Copy token">
          API token <strong>{created.name}</strong> created. Copy it now: it is shown only once.
        </ShownOnce>
      )}
      form={{
        schema: ApiTokenSchema,
        id: "api-token",
        defaultValue: { days: "90", scope: "read" },
        nameHint: "For you to tell your tokens apart, e.g. 'Intranet news page'.",
        title: "New token",
        fields: (fields) => (
          <>
            <SelectFor meta={fields.days} label="Expires after" options={EXPIRY_OPTIONS} />
            <SelectFor meta={fields.scope} label="Scope" options={SCOPE_OPTIONS} />
          </>
        ),
        submit: "Create token",
      }}
      listTitle="Your tokens"
    >
      <ApiTokenTable tokens={tokens} now={now} label="Your tokens" none="You have no API tokens yet." />
    </SecretsPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as z from "zod/mini";

import { NO_SUCH_TOKEN } from "#common/messages";
import { ApiTokenTable } from "~/components/api-token-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listApiTokens, revokeApiToken } from "~/models/api-token.server";
import { recordChange } from "~/models/audit.server";
import { userFullName } from "~/models/user.server";
import { requireUser } from "~/services/auth.server";
import { titled } from "~/utils/meta";
import { readFormData } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

import { requireManagedUser } from "./__managed-user.server";

// /administration/users/{userId}/api-tokens (issue 29): the API tokens of a user the actor may edit, guarded as their
// edit page (decision 018: every grant of the user within the actor's own; anyone else's is a 404), listed as the user
// sees them, and revoked here — a token left behind by someone leaving, or one that leaked. The revocation goes in the
// user's History.

const RevokeSchema = z.object({ intent: z.literal("revoke"), tokenId: z.string() });
export const TOKEN_REVOKED_FOR = (name: string) => `API token revoked. ${name} can no longer use it.`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  const { target } = await requireManagedUser(actor, params.userId, ["edit", "accept"]);
  return {
    user: { id: String(target._id), name: userFullName(target) },
    tokens: await listApiTokens({ user: target }),
    now: new Date().toISOString(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const { target } = await requireManagedUser(actor, params.userId, ["edit", "accept"]);
  const here = `/administration/users/${String(target._id)}/api-tokens`;
  const parsed = RevokeSchema.safeParse(Object.fromEntries(await readFormData(request)));
  const tokens = parsed.success ? await listApiTokens({ user: target }) : [];
  const token = tokens.find((t) => parsed.success && t.id === parsed.data.tokenId);
  if (!token || !(await revokeApiToken({ owner: target, id: token.id })))
    throw await redirectWithToast(request, here, { type: "error", message: NO_SUCH_TOKEN });
  await recordChange({
    actor,
    entity: "user",
    entityId: target._id,
    entityName: target.email,
    action: "update",
    extra: [{ field: "API token", before: `${token.name} (${token.start}…)`, after: "revoked" }],
  });
  throw await redirectWithToast(request, here, { type: "success", message: TOKEN_REVOKED_FOR(userFullName(target)) });
}

export const meta = titled("API Tokens of a user");

export default function UserApiTokensPage() {
  const { user, tokens, now } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <h1 className="page-title">API Tokens of {user.name}</h1>
      <p>
        The tokens {user.name} made for the integration API, each acting with their current access. Revoke one and it stops working at once.{" "}
        <Link to={`/administration/users/edit/${user.id}`}>Back to the user</Link>
      </p>
      <ApiTokenTable tokens={tokens} now={now} label={`API tokens of ${user.name}`} none={`${user.name} has no API tokens.`} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;

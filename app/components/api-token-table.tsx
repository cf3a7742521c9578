import { Form } from "@remix-run/react";

import { PlainTable } from "~/components/plain-table";
import type { ApiTokenRow } from "~/models/api-token.server";
import { formatDateTime } from "~/utils/dates";

/** A user's API tokens (their own page, or the console's page of a user an admin manages): each with its start only,
 *  its dates and, while it works, a Revoke button posting `intent=revoke` to the page's own action. */
export function ApiTokenTable({ tokens, now, label, none }: { tokens: ApiTokenRow[]; now: string; label: string; none: string }) {
  if (!tokens.length) return <p>{none}</p>;
  return (
    // Focusable, so a keyboard can scroll the wide table on a narrow screen.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <PlainTable columns={["Name", "Scope", "Token", "Created", "Expires", "Last used", "Status"]}>
        {tokens.map((token) => (
          <tr key={token.id}>
            <th scope="row">{token.name}</th>
            <td>{token.scope === "read" ? "Read" : "Read and write"}</td>
            <td>
              <code>{token.start}…</code>
            </td>
            <td>{formatDateTime(token.createdAt)}</td>
            <td>{formatDateTime(token.expiresAt)}</td>
            <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "Never"}</td>
            <td>
              {token.revokedAt ? (
                `Revoked ${formatDateTime(token.revokedAt)}`
              ) : token.expiresAt <= now ? (
                "Expired"
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="tokenId" value={token.id} />
                  <button type="submit" className="button secondary" aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </PlainTable>
    </div>
  );
}

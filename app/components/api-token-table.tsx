import { PlainTable } from "~/components/plain-table";
import { RevokeCell } from "~/components/secrets";
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
              <RevokeCell name={token.name} revokedAt={token.revokedAt} expired={token.expiresAt <= now} field="tokenId" id={token.id} />
            </td>
          </tr>
        ))}
      </PlainTable>
    </div>
  );
}

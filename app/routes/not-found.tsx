import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from "#common/messages";
import { PublicCard } from "~/components/public-card";

export const meta: MetaFunction = () => [{ title: `${NOT_FOUND_TITLE} | Pharmascope` }];

export default function NotFoundPage() {
  return (
    <PublicCard title={NOT_FOUND_TITLE}>
      <p className="muted">{NOT_FOUND_TEXT}</p>
      <Link className="button primary wide" to="/dashboard">
        Take Me Home
      </Link>
    </PublicCard>
  );
}

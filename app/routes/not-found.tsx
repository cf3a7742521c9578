import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { PublicCard } from "~/components/public-card";

export const meta: MetaFunction = () => [{ title: "Are you lost? | Pharmascope" }];

export default function NotFoundPage() {
  return (
    <PublicCard title="Are you lost?">
      <p className="muted">The page you asked for does not exist or has moved.</p>
      <Link className="button primary wide" to="/dashboard">
        Take Me Home
      </Link>
    </PublicCard>
  );
}

import type { ReactNode } from "react";

/** The frame of the public screens (sign-in, logout, not-found): brand on top, one card. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="public-page">
      <div className="public-card">
        <p className="brand-mark" aria-hidden="true">
          <span className="brand-dot" /> Pharmascope
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

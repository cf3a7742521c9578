import type { ReactNode } from "react";

/** A message in a page's flow: a success or plain notice is announced politely (status), an error at once (alert). */
export function Notice({ tone, children }: { tone?: "success" | "error"; children: ReactNode }) {
  return (
    <p role={tone === "error" ? "alert" : "status"} className={tone ? `notice ${tone}` : "notice"}>
      {children}
    </p>
  );
}

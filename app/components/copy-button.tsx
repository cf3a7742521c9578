import { useState } from "react";

import { useHydrated } from "~/utils/use-hydrated";

/** Copies `text` to the clipboard (with JavaScript only: without, the text beside it is selected and copied by hand). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  if (!useHydrated()) return null;
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : label}
    </button>
  );
}

import type { FieldMetadata } from "@conform-to/react";
import { lazy, Suspense } from "react";

import { useHydrated } from "~/utils/use-hydrated";

import { TextareaField, type ListOfErrors } from "./forms";

// Rich text fields (a news item's content): the server renders a plain <textarea> of HTML, so the form works without
// JavaScript; after hydration the TipTap editor replaces it, loaded on demand (ProseMirror is most of the editor
// page's script). Whatever arrives, the server sanitises it before storing it (app/utils/rich-text.server.ts).

const RichTextEditor = lazy(() => import("./rich-text-editor"));

export interface RichTextProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  errors?: ListOfErrors;
}

export function RichTextField(props: RichTextProps) {
  const hydrated = useHydrated();
  const plain = (
    <TextareaField
      label={props.label}
      hint="HTML: paragraphs, headings, lists, links, bold and italic are kept."
      textareaProps={{ id: props.id, name: props.name, defaultValue: props.defaultValue, className: "rich-text-plain" }}
      errors={props.errors}
    />
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** A RichTextField for a conform field: its id, name and errors from its metadata. */
export function RichTextFor({
  meta,
  ...props
}: Omit<RichTextProps, "id" | "name" | "errors"> & { meta: FieldMetadata<string | undefined> }) {
  return <RichTextField {...props} id={meta.id} name={meta.name} errors={meta.errors} />;
}

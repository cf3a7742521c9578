import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ChangeEvent, type FormEvent } from "react";

import { ATTACHMENT_MAX_BYTES, NEWS_CATEGORIES, NEWS_PRIORITIES, SUMMARY_MAX_CHARS } from "#common/constants";
import { attachmentTooLarge, FILE_UPLOAD_IN_PROGRESS } from "#common/messages";
import { useRecordForm, type RecordFormProps } from "~/components/console/record-form";
import { ScopeSelects, useScope } from "~/components/console/scope-selects";
import { DateFor } from "~/components/date-field";
import {
  CheckboxGroupField,
  DefaultSubmit,
  ErrorList,
  InputFor,
  refuseOversized,
  Repeatable,
  SelectFor,
  TextareaFor,
  type FileLimit,
} from "~/components/forms";
import { MultiPicker } from "~/components/multi-picker";
import { RichTextFor } from "~/components/rich-text";
import type { NewsEditorOptions } from "~/models/news.server";
import { listOf } from "~/utils/form-schema";
import { NewsSchema, type NewsFormValues } from "~/utils/news-schema";
import { useHydrated } from "~/utils/use-hydrated";

// The news form (user-app §5 "News form", §4 cascades), for Add and Edit. Client → therapeutic area → disease are
// the shared cascade (app/components/scope-selects.tsx); a new disease clears the compounds. Sources and attachments are lists (conform's insert/remove, which work without JavaScript too). Files are uploaded
// as soon as they are chosen with JavaScript (POST /files/upload; saving waits: 'File upload in progress!'), or with
// the form without it.

/** The name of the file input without JavaScript. */
export const UPLOAD_FIELD = "upload";
/** The name conform gives its intent buttons (list insert and remove). */
const INTENT_BUTTON = "__intent__";

/** Loaded: the values, the cascade's and pickers' options, and where Cancel goes. */
export function NewsForm({
  mode,
  loaded: { defaultValue, cancelTo, ...loaded },
  sent,
}: RecordFormProps<{ defaultValue: NewsFormValues; options: NewsEditorOptions; cancelTo: string }, { options: NewsEditorOptions }>) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const lastResult = sent?.result;
  const options = sent?.options ?? loaded.options;
  const [form, fields] = useRecordForm(NewsSchema, { id: `news-${mode}`, lastResult, defaultValue });
  // What the server sent back (a single choice of a multiple field comes back as a string), or the defaults.
  const returned = lastResult?.initialValue as Record<string, unknown> | undefined;
  const initial = returned
    ? ({
        ...returned,
        companies: listOf(returned.companies),
        compounds: listOf(returned.compounds),
        categories: listOf(returned.categories),
      } as Partial<NewsFormValues>)
    : defaultValue;
  const scope = useScope({ initial, options, compounds: true });
  const { selection, shown } = scope;
  const [uploading, setUploading] = useState(false);
  const [blocked, setBlocked] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Saving waits for uploads; conform's own list changes (its intent buttons) go through.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (uploading && submitter?.name !== INTENT_BUTTON) {
      event.preventDefault();
      setBlocked(true);
      return;
    }
    form.onSubmit(event);
  };
  const summaryLength = fields.summary.value?.length ?? 0;
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";

  return (
    <Form method="post" encType="multipart/form-data" className="form-card wide news-form" {...getFormProps(form)} onSubmit={onSubmit}>
      <DefaultSubmit />
      <h1 className="page-title">{mode === "add" ? "Add News" : "Edit News"}</h1>
      <ScopeSelects fields={fields} scope={scope} />
      <MultiPicker
        id={fields.companies.id}
        name={fields.companies.name}
        label="Companies"
        options={shown.companies}
        defaultValue={initial.companies ?? []}
        errors={fields.companies.errors}
      />
      <MultiPicker
        key={selection.disease}
        id={fields.compounds.id}
        name={fields.compounds.name}
        label="Compounds"
        options={selection.disease ? shown.compounds : []}
        defaultValue={selection.disease === initial.disease ? (initial.compounds ?? []) : []}
        errors={fields.compounds.errors}
        placeholder={selection.disease ? undefined : "Choose a disease first"}
      />
      <CheckboxGroupField
        legend="Categories"
        name={fields.categories.name}
        errorId={fields.categories.errorId}
        options={NEWS_CATEGORIES.map((c) => ({ value: c, label: c }))}
        defaultValue={initial.categories ?? []}
        errors={fields.categories.errors}
      />
      <SelectFor
        meta={fields.priority}
        label="Priority"
        options={Object.entries(NEWS_PRIORITIES).map(([value, label]) => ({ value, label }))}
        placeholder="Choose…"
      />
      <InputFor meta={fields.title} label="Title" />
      <RichTextFor meta={fields.content} label="Content" defaultValue={initial.content ?? ""} />
      <TextareaFor
        meta={fields.summary}
        label="Summary"
        hint={hydrated ? `${summaryLength}/${SUMMARY_MAX_CHARS} characters` : `Plain text, at most ${SUMMARY_MAX_CHARS} characters.`}
        extra={{ rows: 4, maxLength: SUMMARY_MAX_CHARS }}
      />
      <DateFor meta={fields.publishedAt} label="Published on" />
      <SelectFor
        meta={fields.status}
        label="Status"
        options={[
          { value: "draft", label: "Draft" },
          { value: "published", label: "Published" },
        ]}
      />
      <Repeatable form={form} list={fields.sources} legend="Sources" item="Source" none="No sources yet." empty={{ name: "", link: "" }}>
        {(source) => {
          const f = source.getFieldset();
          return (
            <>
              <InputFor meta={f.name} label="Source name" />
              <InputFor meta={f.link} label="Source link" type="url" />
            </>
          );
        }}
      </Repeatable>
      <Repeatable
        form={form}
        list={fields.attachments}
        legend="Attachments"
        item="Attachment"
        none="No attachments yet."
        add={
          <AttachmentUpload
            onUploaded={(file) => form.insert({ name: fields.attachments.name, defaultValue: file })}
            hydrated={hydrated}
            uploading={uploading}
            onUploading={setUploading}
          />
        }
      >
        {(attachment) => {
          const f = attachment.getFieldset();
          return (
            <>
              <InputFor meta={f.name} label="Attachment name" />
              <input {...getInputProps(f.link, { type: "hidden" })} />
              {f.link.value ? (
                <a href={f.link.value} target="_blank" rel="noopener noreferrer">
                  Open
                </a>
              ) : null}
            </>
          );
        }}
      </Repeatable>
      {blocked && uploading ? (
        <p className="field-error" role="alert">
          {FILE_UPLOAD_IN_PROGRESS}
        </p>
      ) : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="form-actions">
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
        <button className="button primary" type="submit" disabled={saving} aria-disabled={uploading || undefined}>
          {mode === "add" ? "Add" : "Update"}
        </button>
      </div>
    </Form>
  );
}

/** An attachment's size, checked as it is chosen (the server refuses a larger one with the same message). */
const ATTACHMENT_LIMIT: FileLimit = { maxBytes: ATTACHMENT_MAX_BYTES, tooLarge: (file) => attachmentTooLarge(file.name) };

/**
 * Choosing files: without JavaScript a file input sent with the form; with it, the files go to POST /files/upload at
 * once and join the list (their names can then be edited), and saving waits for them.
 */
function AttachmentUpload({
  onUploaded,
  hydrated,
  uploading,
  onUploading,
}: {
  onUploaded: (file: { name: string; link: string }) => void;
  hydrated: boolean;
  uploading: boolean;
  onUploading: (uploading: boolean) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const hint = "PDF, images, Word, Excel, PowerPoint, text or CSV; at most 10 MB a file.";
  if (!hydrated) {
    return (
      <div className="field">
        <label htmlFor="news-upload">Add files</label>
        <input id="news-upload" type="file" name={UPLOAD_FIELD} multiple />
        <p className="field-hint">{hint} They are saved with the form.</p>
      </div>
    );
  }
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const files = [...(input.files ?? [])];
    if (!files.length) return;
    // A file over the limit is refused before anything is sent.
    const refusal = refuseOversized(input, ATTACHMENT_LIMIT);
    setProblem(refusal);
    if (refusal) return;
    onUploading(true);
    try {
      const body = new FormData();
      for (const file of files) body.append("file", file);
      const response = await fetch("/files/upload", { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => ({}))) as { files?: Array<{ name: string; link: string }>; error?: string };
      if (!response.ok || !answer.files) throw new Error(answer.error ?? "The files could not be uploaded. Try again.");
      answer.files.forEach(onUploaded);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      onUploading(false);
      input.value = "";
    }
  };
  return (
    <div className="field">
      <label htmlFor="news-upload">Add files</label>
      <input id="news-upload" type="file" multiple onChange={upload} disabled={uploading} aria-describedby="news-upload-status" />
      <p id="news-upload-status" className="field-hint" role="status">
        {uploading ? FILE_UPLOAD_IN_PROGRESS : hint}
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

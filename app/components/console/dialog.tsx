import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Modal, ModalOverlay } from "react-aria-components/Modal";

import { useHydrated } from "~/utils/use-hydrated";

// Forms that open as dialogs over a list with JavaScript and are pages of their own without it: the link that opens a
// dialog goes to its page, and a form placed in a dialog posts with a fetcher to that same page's action, whose
// redirect back to the list closes it.

/** A dialog over the page it was opened from (only with JavaScript). */
export function FormDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => (open ? undefined : onClose())} className="modal-overlay">
      <Modal className="modal">
        <Dialog aria-label={title} className="modal-dialog">
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * Which of a page's dialogs is open, closed again when a submission's redirect lands back on the page. `opener` gives
 * nothing before hydration, so links stay plain links to the dialog pages.
 */
export function useDialog<T>() {
  const hydrated = useHydrated();
  const location = useLocation();
  const [dialog, setDialog] = useState<T | null>(null);
  useEffect(() => setDialog(null), [location.key]);
  return { dialog, close: () => setDialog(null), opener: (value: T) => (hydrated ? () => setDialog(value) : undefined) };
}

/** A link to a dialog page that, once the page runs JavaScript, opens the dialog in place instead. */
export function opensDialog(open: (() => void) | undefined) {
  return open
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab: the page
        event.preventDefault();
        event.currentTarget.closest("details")?.removeAttribute("open"); // a card menu closes behind its dialog
        open();
      }
    : undefined;
}

/** How a form is shown: as its own page (cancel links back) or in a dialog (cancel closes it). */
export type FormPlacement =
  { cancelTo: string; inDialog?: undefined } | { inDialog: { action: string; onClose: () => void }; cancelTo?: undefined };

/** The form element, busy state, last result and Cancel of either placement; the dialog's fetcher is keyed by form id. */
export function usePlacedForm(id: string, placement: FormPlacement) {
  const navigation = useNavigation();
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>({ key: id });
  const inDialog = placement.inDialog;
  return {
    FormTag: inDialog ? fetcher.Form : Form,
    action: inDialog?.action,
    busy: inDialog ? fetcher.state !== "idle" : navigation.state === "submitting",
    result: inDialog ? fetcher.data?.result : undefined,
    cancel: inDialog ? (
      <button type="button" className="button" onClick={inDialog.onClose}>
        Cancel
      </button>
    ) : (
      <Link className="button" to={placement.cancelTo}>
        Cancel
      </Link>
    ),
  };
}

/** Confirmation step of a delete (or, with `confirm`, of another action): a POST form with the question; `redirectTo`
 *  says which view of the list to come back to. */
export function ConfirmDelete({
  title,
  question,
  confirm = "Delete",
  redirectTo,
  ...placement
}: { title: string; question: string; confirm?: string; redirectTo?: string } & FormPlacement) {
  const placed = usePlacedForm("confirm-delete", placement);
  return (
    <placed.FormTag method="post" action={placed.action} className="form-card">
      <h1 className="page-title">{title}</h1>
      <p>{question}</p>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="form-actions">
        {placed.cancel}
        <button className={confirm === "Delete" ? "button danger" : "button primary"} type="submit" disabled={placed.busy}>
          {confirm}
        </button>
      </div>
    </placed.FormTag>
  );
}

/**
 * The delete page of a record other records may still name (a company, a compound — with its logo): what names it and
 * a way to edit it instead when something does (`inUse`), the confirmation otherwise.
 */
export function DeleteUnlessInUse({
  noun,
  name,
  inUse,
  back,
  editTo,
}: {
  noun: string;
  name: string;
  inUse: string | null;
  back: string;
  editTo: string;
}) {
  if (!inUse)
    return (
      <ConfirmPage title={`Delete ${name}`} question={`Delete the ${noun} "${name}" and its logo? This cannot be undone.`} back={back} />
    );
  return (
    <section className="page narrow">
      <div className="form-card">
        <h1 className="page-title">Delete {name}</h1>
        <p role="alert">{inUse}</p>
        <div className="form-actions">
          <Link className="button" to={back}>
            Back to the list
          </Link>
          <Link className="button primary" to={editTo}>
            Edit the {noun}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The question of a record's delete confirmation, on its page and in the list's dialog alike. */
export const deleteQuestion = (noun: string, name: string) => `Delete the ${noun} "${name}"? This cannot be undone.`;

/** A record's confirmation page (a delete's, or with `confirm` another action's; the dialog's page without
 *  JavaScript): Cancel and the confirmation return to `back`, the list view it was opened from; `note` above it names
 *  the record where the question does not. */
export function ConfirmPage({
  title,
  question,
  confirm,
  back,
  note,
}: {
  title: string;
  question: string;
  confirm?: string;
  back: string;
  note?: string;
}) {
  return (
    <section className="page narrow">
      {note ? <p className="field-hint">{note}</p> : null}
      <ConfirmDelete title={title} question={question} confirm={confirm} redirectTo={back} cancelTo={back} />
    </section>
  );
}

/** The same confirmation in a dialog over the list (with JavaScript): it posts to the record's `action` and returns
 *  to `here`, the list's view. */
export function ConfirmDialog({
  title,
  question,
  confirm,
  here,
  action,
  onClose,
}: {
  title: string;
  question: string;
  confirm?: string;
  here: string;
  action: string;
  onClose: () => void;
}) {
  return (
    <FormDialog title={title} onClose={onClose}>
      <ConfirmDelete title={title} question={question} confirm={confirm} redirectTo={here} inDialog={{ action, onClose }} />
    </FormDialog>
  );
}

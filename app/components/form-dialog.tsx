import type { ReactNode } from "react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";

/**
 * A catalogue dialog (therapeutic area New/Edit, delete confirmations) over the page it was opened from. Only with
 * JavaScript: without it the same forms are pages of their own, reached by the links that open these.
 */
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

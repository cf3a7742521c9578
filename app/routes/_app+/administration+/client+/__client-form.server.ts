import { CLIENT_ADDED, CLIENT_CREATE_FAILED, CLIENT_UPDATE_FAILED, CLIENT_UPDATED } from "#common/messages";
import {
  clientDeletionImpact,
  createClientRecord,
  updateClientRecord,
  type ClientValues,
  type ManagedClient,
} from "~/models/client.server";
import { confirmedDeleteRoutes } from "~/services/console/confirm.server";
import { CLIENTS } from "~/services/console/managed.server";
import { logoOf, readLogoForm, recordFormRoutes, saveWithLogo } from "~/services/console/record-form.server";
import { CLIENTS_LIST } from "~/utils/administration";
import { parseForm } from "~/utils/form-schema";
import type { SessionUser } from "~/utils/session.server";

import { ClientSchema, type ClientFormValues } from "./__client-form";

/** The form's values for a client (empty for Add). */
export function clientFormValues(client?: ManagedClient): ClientFormValues {
  return {
    name: client?.name ?? "",
    status: client?.status ?? "active",
    removeLogo: false,
    contacts: (client?.contacts ?? []).map((c) => ({ name: c.name ?? "", email: c.email ?? "", title: c.title ?? "" })),
  };
}

/** What the Add and Edit pages load: the client's values (Add's without one) and its logo. */
export const clientFormPage = (client?: ManagedClient) => ({
  defaultValue: clientFormValues(client),
  logo: client ? logoOf(client) : null,
});

/**
 * The client form's action for Add and Edit (of `client`): a contacts list intent re-renders the form; otherwise field errors, an
 * unusable logo or a failed write go back to the form, success to the list with the spec's message.
 */
export async function submitClientForm(request: Request, actor: SessionUser, client?: ManagedClient) {
  const read = await readLogoForm(request, {});
  if ("answer" in read) return read.answer;
  return saveWithLogo(request, parseForm(read.form, { schema: ClientSchema }), {
    extra: {},
    save: async ({ contacts, ...rest }, logo, removeLogo) => {
      const values: ClientValues = {
        ...rest,
        contacts: (contacts ?? [])
          .filter((c) => c.name || c.email || c.title)
          .map((c) => ({ name: c.name ?? "", email: c.email ?? "", title: c.title ?? "" })),
      };
      return client ? updateClientRecord({ actor, client, values, logo, removeLogo }) : createClientRecord({ actor, values, logo });
    },
    to: CLIENTS_LIST,
    ...(client ? { done: CLIENT_UPDATED, failed: CLIENT_UPDATE_FAILED } : { done: CLIENT_ADDED, failed: CLIENT_CREATE_FAILED }),
  });
}

/** Add's loader, Edit's and the action of both, each calling the guard first (`recordFormRoutes`). */
export const { addLoader, editLoader, action } = recordFormRoutes(CLIENTS, {
  page: ({ record }) => clientFormPage(record),
  submit: submitClientForm,
});

/** The Delete route's loader and action, each calling the guard first (`confirmedDeleteRoutes`): the kind's `deletion`. */
export const { deleteLoader, deleteAction } = confirmedDeleteRoutes(CLIENTS, async (client) => ({
  name: client.name,
  impact: await clientDeletionImpact(client),
}));

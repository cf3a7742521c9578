import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";

import { COMPANY_ADDED, COMPANY_UPDATED, LOGO_NAME_REQUIRED, logoDeleteQuestion } from "#common/messages";
import { statusColumn, type Column, type RowAction } from "~/components/console/data-table";
import { ConfirmDialog, useDialog } from "~/components/console/dialog";
import { ListPage, useListView } from "~/components/console/list-page";
import { LOGO_ACCEPT, LOGO_LIMIT, useLogoHint } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, FileField, InputFor } from "~/components/forms";
import { companyRows, listCompanyLogosPage, setCompanyLogo } from "~/models/company.server";
import { requireUserWith } from "~/services/auth.server";
import { searchedPage } from "~/services/console/list-query.server";
import { droppedFiles, readLogoForm } from "~/services/console/record-form.server";
import { COMPANIES_LIST, COMPANY_LOGOS } from "~/utils/administration";
import { constraintsOf, parseForm } from "~/utils/form-schema";
import { ImageError } from "~/utils/images.server";
import { titled } from "~/utils/meta";
import { rethrowResponse } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

// The company logos manager (user-app §2, §5; editors and admins): the companies that have a logo, with their
// thumbnails; add a logo by company name (the company of that name or alias gets it, else a company is added), remove
// a logo with its thumbnails (manage-company-logos_.$companyId.delete-logo.tsx) or delete a company, each through the
// console's confirmation. The report boards show these logos by company name or alias.

const LogoSchema = z.object({
  name: z
    .string({ error: LOGO_NAME_REQUIRED })
    .check(z.trim(), z.minLength(1, LOGO_NAME_REQUIRED), z.maxLength(200, "Maximum 200 characters")),
  logo: z.file({ error: LOGO_NAME_REQUIRED }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "company:manage");
  return searchedPage(request, ({ q, place }) => listCompanyLogosPage({ search: q, page: place }), companyRows);
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "company:manage");
  const read = await readLogoForm(request, {});
  if ("answer" in read) return read.answer;
  const submission = parseForm(read.form, { schema: LogoSchema });
  const dropped = droppedFiles(submission);
  if (submission.status !== "success") return data({ result: submission.reply(), dropped }, { status: 400 });
  const { name, logo } = submission.value;
  try {
    const { added } = await setCompanyLogo({ actor, name, logo: { data: new Uint8Array(await logo.arrayBuffer()), filename: logo.name } });
    return redirectWithToast(request, COMPANY_LOGOS, { type: "success", message: added ? COMPANY_ADDED : COMPANY_UPDATED });
  } catch (error) {
    rethrowResponse(error);
    if (error instanceof ImageError)
      return data({ result: submission.reply({ fieldErrors: { logo: [error.message] } }), dropped }, { status: 400 });
    throw error;
  }
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "name", header: "Company", cell: (c) => c.name },
  {
    key: "logo",
    header: "Logo",
    cell: (c) => (c.thumbnail ? <img src={c.thumbnail} alt="" width={80} height={40} className="table-logo" /> : "—"),
  },
  { key: "type", header: "Type", cell: (c) => c.type },
  statusColumn(),
];

export default function CompanyLogosPage() {
  const listed = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const here = useListView();
  const { dialog, close, opener } = useDialog<Row>();
  const [form, fields] = useForm<z.input<typeof LogoSchema>>({
    id: "company-logo",
    lastResult: actionData?.result,
    constraint: constraintsOf(LogoSchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: LogoSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const logoHint = useLogoHint(
    "GIF, JPEG or PNG (WebP too), at most 5 MB.",
    actionData && "dropped" in actionData ? actionData.dropped.logo : null,
  );
  const actionsOf = (c: Row): RowAction[] => [
    { label: "Delete logo", to: `${COMPANY_LOGOS}/${c.id}/delete-logo?redirectTo=${encodeURIComponent(here)}`, open: opener(c) },
    { label: "Edit company", to: `${COMPANIES_LIST}/edit/${c.id}` },
    { label: "Delete company", to: `${COMPANIES_LIST}/${c.id}/delete?redirectTo=${encodeURIComponent(here)}` },
  ];
  return (
    <ListPage
      className="page"
      title="Company logos"
      links={[{ to: COMPANIES_LIST, label: "Company List" }]}
      before={
        <Form method="post" encType="multipart/form-data" className="form-card wide" {...getFormProps(form)}>
          <h2>Add a logo</h2>
          <p className="field-hint">The company of that name or alias gets the logo; a new name adds the company.</p>
          <InputFor meta={fields.name} label="Company name" />
          <FileField
            label="Logo"
            hint={logoHint}
            inputProps={{ ...getInputProps(fields.logo, { type: "file" }), accept: LOGO_ACCEPT }}
            limit={LOGO_LIMIT}
            errors={fields.logo.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="form-actions">
            <button className="button primary" type="submit" disabled={navigation.state === "submitting"}>
              Add
            </button>
          </div>
        </Form>
      }
      search="Search by name"
      label="Company logos"
      pagesLabel="Logo pages"
      listed={listed}
      columns={COLUMNS}
      actions={actionsOf}
      after={
        dialog ? (
          <ConfirmDialog
            title="Delete logo"
            question={logoDeleteQuestion(dialog.name)}
            here={here}
            action={`${COMPANY_LOGOS}/${dialog.id}/delete-logo`}
            onClose={close}
          />
        ) : null
      }
    />
  );
}

export const meta = titled("Company logos");

export const ErrorBoundary = GeneralErrorBoundary;

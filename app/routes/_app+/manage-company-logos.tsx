import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import * as z from "zod/mini";

import {
  COMPANY_ADDED,
  COMPANY_UPDATED,
  LOGO_DELETE_FAILED,
  LOGO_DELETED,
  LOGO_NAME_REQUIRED,
  LOGO_TOO_LARGE,
  NO_DATA,
} from "#common/messages";
import { DataTable, ListSearch, type Column, type RowAction } from "~/components/console/data-table";
import { TokenPager } from "~/components/console/pager";
import { LOGO_ACCEPT } from "~/components/console/record-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FileField } from "~/components/forms";
import { companyRows, deleteCompanyLogo, findManagedCompany, listCompanyLogosPage, setCompanyLogo } from "~/models/company.server";
import { requireUserWith } from "~/services/auth.server";
import { COMPANIES_LIST, COMPANY_LOGOS } from "~/utils/administration";
import { constraintsOf, parseForm } from "~/utils/form-schema";
import { IMAGE_MAX_BYTES, ImageError } from "~/utils/images.server";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";
import { readUploadForm, rethrowResponse } from "~/utils/request.server";
import { redirectAfter, redirectWithToast } from "~/utils/toast.server";
import { returnTo } from "~/utils/url";

// The company logos manager (user-app §2, §5; editors and admins): the companies that have a logo, with their
// thumbnails; add a logo by company name (the company of that name or alias gets it, else a company is added), remove
// a logo with its thumbnails, or delete a company through the console's confirmation. The report boards show these
// logos by company name or alias.

const LogoSchema = z.object({
  name: z
    .string({ error: LOGO_NAME_REQUIRED })
    .check(z.trim(), z.minLength(1, LOGO_NAME_REQUIRED), z.maxLength(200, "Maximum 200 characters")),
  logo: z.file({ error: LOGO_NAME_REQUIRED }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, "company:manage");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, 100);
  const place = tokenPlaceOf(search, PAGE_SIZES.lists);
  const page = await listCompanyLogosPage({ search: q, page: place });
  return { rows: await companyRows(page.items), next: page.next, place: placeServed(place, page), q };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, "company:manage");
  const read = await readUploadForm(request, { maxBytes: IMAGE_MAX_BYTES, tooLarge: LOGO_TOO_LARGE });
  if ("error" in read) return data({ result: { status: "error" as const, error: { "": [read.error] } } }, { status: read.status });
  if (read.form.get("intent") === "delete-logo") {
    const company = await findManagedCompany(String(read.form.get("companyId") ?? ""));
    if (!company) throw new Response("No such company.", { status: 404 });
    return redirectAfter(request, returnTo(read.form, COMPANY_LOGOS), () => deleteCompanyLogo({ actor, company }), {
      done: LOGO_DELETED,
      failed: LOGO_DELETE_FAILED,
    });
  }
  const submission = parseForm(read.form, { schema: LogoSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { name, logo } = submission.value;
  try {
    const { added } = await setCompanyLogo({ actor, name, logo: { data: new Uint8Array(await logo.arrayBuffer()), filename: logo.name } });
    return redirectWithToast(request, COMPANY_LOGOS, { type: "success", message: added ? COMPANY_ADDED : COMPANY_UPDATED });
  } catch (error) {
    rethrowResponse(error);
    if (error instanceof ImageError) return data({ result: submission.reply({ fieldErrors: { logo: [error.message] } }) }, { status: 400 });
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
  { key: "status", header: "Status", cell: (c) => <span className={`status status-${c.status}`}>{c.status}</span> },
];

export default function CompanyLogosPage() {
  const { rows, next, place, q } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [form, fields] = useForm<z.input<typeof LogoSchema>>({
    id: "company-logo",
    lastResult: actionData?.result,
    constraint: constraintsOf(LogoSchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: LogoSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const actionsOf = (c: Row): RowAction[] => [
    { label: "Delete logo", post: COMPANY_LOGOS, fields: { intent: "delete-logo", companyId: c.id } },
    { label: "Edit company", to: `${COMPANIES_LIST}/edit/${c.id}` },
    { label: "Delete company", to: `${COMPANIES_LIST}/${c.id}/delete?redirectTo=${encodeURIComponent(here)}` },
  ];
  return (
    <section className="page">
      <header className="page-header">
        <h1 className="page-title">Company logos</h1>
        <Link className="button" to={COMPANIES_LIST}>
          Company List
        </Link>
      </header>
      <Form method="post" encType="multipart/form-data" className="form-card wide" {...getFormProps(form)}>
        <h2>Add a logo</h2>
        <p className="field-hint">The company of that name or alias gets the logo; a new name adds the company.</p>
        <Field label="Company name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <FileField
          label="Logo"
          hint="GIF, JPEG or PNG (WebP too), at most 5 MB."
          inputProps={{ ...getInputProps(fields.logo, { type: "file" }), accept: LOGO_ACCEPT }}
          errors={fields.logo.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="form-actions">
          <button className="button primary" type="submit" disabled={navigation.state === "submitting"}>
            Add
          </button>
        </div>
      </Form>
      <div className="list-toolbar">
        <ListSearch label="Search by name" defaultValue={q} />
      </div>
      <DataTable
        label="Company logos"
        rows={rows}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        actions={actionsOf}
        empty={NO_DATA}
      />
      <TokenPager place={place} shown={rows.length} next={next} label="Logo pages" sizes={PAGE_SIZES.lists} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Company logos | Pharmascope" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

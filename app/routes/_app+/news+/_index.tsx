import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useState, type FormEvent } from "react";

import { NEWS_SEARCH_FAILED, NO_CLIENT_SELECTED, NO_NEWS } from "#common/messages";
import { CardMenu } from "~/components/card-menu";
import { ConfirmDialog, useDialog } from "~/components/console/dialog";
import { TokenPager } from "~/components/console/pager";
import { DateRangeField, useAppliesAtOnce } from "~/components/date-range";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterActions, InputFor, SelectFor, useSchemaForm } from "~/components/forms";
import { NewsCard } from "~/components/news-card";
import { countNews, feedCards, listNewsPage, newsFilterOptions } from "~/models/news.server";
import { requireUser } from "~/services/auth.server";
import { clientContext } from "~/services/shell.server";
import { publishConfirmation } from "~/utils/administration";
import { dateRangePresets, defaultNewsWindow, isoDay } from "~/utils/dates";
import { newsFiltersOf, readFeedFilters, type FeedFilterValues } from "~/utils/feed-filters.server";
import { titled } from "~/utils/meta";
import { PAGE_SIZES, placeServed, tokenPlaceOf } from "~/utils/paging";
import { permissionsOf } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";

import { FREQUENCY_OPTIONS, SaveSearchSchema } from "./__saved-search-form";

// The news feed (user-app §2 "News list"): the selected client's published news of the diseases the user may see,
// newest first, narrowed by words, dates and the client's filter options. Every filter is in the URL (one GET form),
// so it works without JavaScript and each view is a link; pages follow the forward token.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { selected: client } = await clientContext(user, request);
  if (!client) throw await redirectWithToast(request, "/dashboard", { type: "error", message: NO_CLIENT_SELECTED });
  const search = new URL(request.url).searchParams;
  const { presets, max } = dateRangePresets();
  const { values, from, to, problem } = readFeedFilters(search, max);
  const place = tokenPlaceOf(search, PAGE_SIZES.news);
  const filters = newsFiltersOf(values, { from, to });
  const [page, options] = await Promise.all([listNewsPage({ user, client, filters, page: place }), newsFilterOptions({ user, client })]);
  // A first page that holds every match is its own count; a longer list is counted (one more command).
  const total =
    placeServed(place, page).number === 1 && !page.next
      ? { count: page.items.length, more: false }
      : await countNews({ user, client, filters });
  const window = defaultNewsWindow();
  return {
    client: { id: client.id, name: client.name },
    can: permissionsOf(user, "news:manage"),
    cards: await feedCards(page.items, options.diseases),
    next: page.next,
    // How many items the filters match (all pages), above the list and in the pager.
    total,
    place: placeServed(place, page),
    values,
    // The dates in force, shown in the form even when the URL leaves them out (the default window).
    range: { from: from ? isoDay(from) : isoDay(window.from), to: to ? isoDay(to) : isoDay(window.to) },
    problem,
    options,
    presets,
    max,
  };
}

export const meta = titled("News");

/** The current address with some parameters replaced and paging reset (a preset, a cleared filter). */
function useWith() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string>) => {
    const params = new URLSearchParams(search);
    for (const name of ["after", "trail", ...Object.keys(changes)]) params.delete(name);
    for (const [name, value] of Object.entries(changes)) params.set(name, value);
    return `${pathname}?${params}`;
  };
}

export default function NewsFeed() {
  const { client, can, cards, next, total, place, values, range, problem, options, presets, max } = useLoaderData<typeof loader>();
  const withParams = useWith();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const { dialog, close, opener } = useDialog<{ kind: "publish" | "delete"; id: string; title: string }>();
  const here = `${pathname}${search}`;
  const chosen = values.disease.length + values.term.length + values.category.length + values.priority.length;
  // On a wide screen a choice applies at once (a range picked, a box ticked); what is typed waits for Apply or Enter.
  const atOnce = useAppliesAtOnce();
  const applyTicked = (event: FormEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "checkbox") event.currentTarget.requestSubmit();
  };
  return (
    <section className="page news-page">
      <header className="page-header">
        <h1 className="page-title">News</h1>
        <p className="page-subtitle">{client.name}</p>
        {can["news:manage"] ? (
          <>
            <Link className="button" to="/news/drafts">
              Drafts
            </Link>
            <Link className="button primary" to="/news/add">
              Add News
            </Link>
          </>
        ) : null}
        {/* A file download: a plain link, so the browser saves it (with or without JavaScript). */}
        <a className="button" href={`/news/export${search}`} download>
          Download News
        </a>
        <Link className="button" to="/news/saved">
          Saved searches
        </Link>
      </header>
      <Form method="get" className="news-filters" role="search" preventScrollReset onChange={atOnce ? applyTicked : undefined}>
        <input type="hidden" name="size" value={place.size} />
        <div className="news-filter-row">
          <label className="field">
            <span>Search</span>
            <input type="search" name="q" defaultValue={values.q} placeholder="Title, summary, companies, compounds" key={values.q} />
          </label>
          <DateRangeField range={range} max={max} presets={presets} applyAtOnce={atOnce} key={`${range.from}-${range.to}`} />
          <button type="submit" className="button primary">
            Apply
          </button>
        </div>
        {/* With JavaScript the presets are in the date picker. */}
        <nav className="news-presets" aria-label="Date ranges" hidden={hydrated || undefined}>
          {presets.map((p) => (
            <Link
              key={p.label}
              to={withParams({ from: p.from, to: p.to })}
              preventScrollReset
              aria-current={p.from === range.from && p.to === range.to ? "true" : undefined}
            >
              {p.label}
            </Link>
          ))}
        </nav>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <details className="news-filter-groups" open={chosen > 0 || undefined}>
          <summary>Filters{chosen ? ` (${chosen})` : ""}</summary>
          <Choices legend="Diseases" name="disease" options={options.diseases} chosen={values.disease} />
          <Choices
            legend="Terms"
            name="term"
            options={options.terms.map((t) => ({ value: t, label: t }))}
            chosen={values.term}
            find="Find a term"
          />
          <Choices
            legend="Categories"
            name="category"
            options={options.categories.map((c) => ({ value: c, label: c }))}
            chosen={values.category}
          />
          <Choices
            legend="Priority"
            name="priority"
            options={options.priorities.map((p) => ({ value: String(p.value), label: p.label }))}
            chosen={values.priority.map(String)}
          />
          <div className="form-actions">
            <FilterActions clear="/news" />
          </div>
        </details>
      </Form>
      <SaveSearch query={search.replace(/^\?/, "")} />
      {total.count > 0 ? (
        <p className="news-count" role="status">
          {total.count.toLocaleString("en")}
          {total.more ? "+" : ""} news {total.count === 1 && !total.more ? "item matches" : "items match"}
        </p>
      ) : null}
      {cards.length === 0 ? (
        <p className="empty">{NO_NEWS}</p>
      ) : (
        <div className="news-feed">
          <ul>
            {cards.map((card) => (
              <NewsCard
                key={card.id}
                item={card}
                menu={
                  can["news:manage"] ? (
                    <CardMenu
                      label={card.title}
                      items={[
                        { label: "Edit", to: `/news/edit/${card.id}` },
                        ...(["publish", "delete"] as const).map((kind) => ({
                          label: kind === "publish" ? "Unpublish" : "Delete",
                          to: `/news/${card.id}/${kind}?redirectTo=${encodeURIComponent(here)}`,
                          open: opener({ kind, id: card.id, title: card.title }),
                        })),
                      ]}
                    />
                  ) : null
                }
              />
            ))}
          </ul>
        </div>
      )}
      <TokenPager place={place} shown={cards.length} next={next} total={total} label="News pages" sizes={PAGE_SIZES.news} />
      {dialog ? (
        <ConfirmDialog
          {...(dialog.kind === "publish"
            ? publishConfirmation(dialog.title, true)
            : { title: "Delete News", question: `Delete "${dialog.title}"? This cannot be undone.`, confirm: "Delete" })}
          here={here}
          action={`/news/${dialog.id}/${dialog.kind}`}
          onClose={close}
        />
      ) : null}
    </section>
  );
}

/** "Save this search": the feed's current filters under a name, with the digest's frequency (issue 16). */
function SaveSearch({ query }: { query: string }) {
  const [form, fields] = useSchemaForm(SaveSearchSchema, {
    id: "save-search",
    defaultValue: { frequency: "weekly" },
    shouldRevalidate: "onBlur",
  });
  return (
    <details className="save-search">
      <summary>Save this search</summary>
      <Form method="post" action="/news/saved" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="query" value={query} />
        <div className="news-filter-row">
          <InputFor meta={fields.name} label="Name of the search" />
          <SelectFor meta={fields.frequency} label="E-mail" options={FREQUENCY_OPTIONS} />
          <button type="submit" className="button primary">
            Save search
          </button>
        </div>
      </Form>
    </details>
  );
}

/**
 * A filter's checkboxes. With `find` (a client can have 100+ terms) and JavaScript, a box of that label narrows the
 * boxes shown as one types: the others are only hidden (still in the form, as ticked or not as they were), and a ticked
 * box stays in sight whatever is typed (the stylesheet hides an unmatched box only while it is not ticked). Without
 * JavaScript every box is listed.
 */
function Choices({
  legend,
  name,
  options,
  chosen,
  find,
}: {
  legend: string;
  name: keyof FeedFilterValues;
  options: Array<{ value: string; label: string }>;
  chosen: string[];
  find?: string;
}) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState("");
  if (options.length === 0) return null;
  const picked = new Set(chosen);
  const words = typed.trim().toLowerCase();
  const matches = (o: { label: string }) => !words || o.label.toLowerCase().includes(words);
  return (
    <fieldset className="news-choices">
      <legend>{legend}</legend>
      {find && hydrated ? (
        <div className="news-choices-find">
          <label className="field">
            <span>{find}</span>
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              // Enter narrows, it does not send the filters.
              onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
            />
          </label>
          <p className="field-hint" role="status">
            {words ? `${options.filter(matches).length} of ${options.length} match` : ""}
          </p>
        </div>
      ) : null}
      {options.map((o) => (
        <label key={o.value} className="checkbox" data-unmatched={matches(o) ? undefined : ""}>
          <input type="checkbox" name={name} value={o.value} defaultChecked={picked.has(o.value)} /> {o.label}
        </label>
      ))}
    </fieldset>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary failed={NEWS_SEARCH_FAILED} />;
}

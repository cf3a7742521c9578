import { describe, expect, test } from "vitest";

import { areaNotPermitted, clientNotPermitted } from "#common/messages";
import { trusted } from "#db/connection.server";
import { findFile } from "#db/files.server";
import { Company, Compound, News } from "#db/models/index.server";
import { findManagedUser, updateManagedUser } from "~/models/user.server";
import * as feed from "~/routes/_app+/news+/_index";
import * as read from "~/routes/_app+/news+/$newsId";
import * as remove from "~/routes/_app+/news+/$newsId_.delete";
import * as publish from "~/routes/_app+/news+/$newsId_.publish";
import * as add from "~/routes/_app+/news+/add";
import * as drafts from "~/routes/_app+/news+/drafts";
import * as edit from "~/routes/_app+/news+/edit.$newsId";
import * as upload from "~/routes/files.upload";
import * as files from "~/routes/resources+/files.$fileId";
import * as options from "~/routes/resources+/scope-options";
import { findActiveUser } from "~/utils/session.server";

import {
  callAction,
  callLoader,
  cascadeFields,
  createUser,
  httpStatusOf,
  locationOf,
  makeRequest,
  scene,
  sessionCookie,
  settle,
  toastsOf,
} from "../db-utils";
import { serveResourceRoute } from "../resource-route";
import { dangers, PAYLOADS } from "../xss";
import { renameCompany } from "./company-rename";

// The news editor (user-app §5 "News form", §4 cascades) through its actions as Remix calls them: what is saved (the
// content sanitised, the summary as text, the names search finds), the spec's messages, the cascades and permission
// messages, attachments through POST /files/upload or the form itself, and who may read what was attached.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

async function world() {
  // An admin of Alpha's neurology (not oncology, not Beta); an analyst of Alzheimer's; another admin.
  const w = await scene({
    clients: { alpha: "Alpha", beta: "Beta" },
    areas: {
      neuro: { client: "alpha", name: "Neurology" },
      onco: { client: "alpha", name: "Oncology" },
      betaArea: { client: "beta", name: "Immunology" },
    },
    diseases: {
      ad: { area: "neuro", name: "Alzheimer's" },
      pd: { area: "neuro", name: "Parkinson's" },
      nsclc: { area: "onco", name: "NSCLC" },
    },
    users: {
      admin: { role: "admin", grants: ["ad", "pd"] },
      otherAdmin: { role: "admin", grants: ["ad", "pd"] },
      analyst: { role: "external", grants: ["ad"] },
    },
  });
  const { tag, alpha, neuro, ad, pd } = w;
  const [eisai, biogen] = await Company.create([
    { name: `Eisai ${tag}`, type: "Pharmaceutical" as const },
    { name: `Biogen ${tag}`, type: "Biotech" as const },
  ]);
  const [lecanemab, levodopa] = await Compound.create([
    { name: { generic: "lecanemab", brand: "Leqembi" }, client: alpha._id, therapeuticArea: neuro._id, disease: ad._id },
    { name: { generic: "levodopa" }, client: alpha._id, therapeuticArea: neuro._id, disease: pd._id },
  ]);
  const fields = (extra: Record<string, string | string[]> = {}) => ({
    ...cascadeFields(ad),
    companies: [String(eisai!._id), String(biogen!._id)],
    compounds: [String(lecanemab!._id)],
    categories: ["Regulatory", "Commercial"],
    priority: "2",
    title: `Lecanemab label update ${tag}`,
    content: '<p>The <strong>label</strong> now covers maintenance dosing.</p><script>alert(1)</script><p onclick="alert(1)">x</p>',
    summary: "Eisai & Biogen: <maintenance> dosing approved",
    publishedAt: new Date().toISOString().slice(0, 10),
    status: "published",
    ...extra,
  });
  return { ...w, eisai: eisai!, biogen: biogen!, lecanemab: lecanemab!, levodopa: levodopa!, fields };
}

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  options: { areas: Array<{ label: string }>; compounds: Array<{ label: string }>; companies?: Array<{ label: string }> } | null;
};
const replyOf = (result: unknown) => (result as { data: Reply }).data;
const errorsOf = (result: unknown) => replyOf(result).result.error ?? {};

const read1 = async (user: unknown, id: string) => callLoader(read, { user, url: `/news/${id}`, params: { newsId: id } });

describe("news editor", () => {
  test("an admin adds news: the content sanitised, the summary as text, names and words for search; 'News Added!'", async () => {
    const w = await world();
    const result = await callAction(add, { user: w.admin, form: w.fields() });
    expect(httpStatusOf(result)).toBe(302);
    expect(await toastsOf(result as Response)).toEqual(["News Added!"]);
    const saved = await News.findOne({ title: `Lecanemab label update ${w.tag}` }).lean();
    // Published: it opens on its own page.
    expect(locationOf(result)).toBe(`/news/${saved!._id}`);
    expect(saved).toMatchObject({ status: "published", priority: 2, categories: ["Regulatory", "Commercial"], createdBy: w.admin._id });
    expect(saved!.content).toBe("<p>The <strong>label</strong> now covers maintenance dosing.</p><p>x</p>");
    expect(saved!.analystCommentary).toBe("<p>Eisai &amp; Biogen: &lt;maintenance&gt; dosing approved</p>");
    expect(saved!.searchNames).toEqual(expect.arrayContaining([w.eisai.name, w.biogen.name, "lecanemab", "Leqembi"]));

    // The analyst of Alzheimer's finds it by a word of its content and by its compound's brand, and reads it whole.
    const search = async (q: string) =>
      (
        (await callLoader(feed, { user: w.analyst, url: `/news?q=${q}` })) as {
          cards: Array<{ title: string }>;
        }
      ).cards.map((c) => c.title);
    expect(await search("maintenance")).toEqual([saved!.title]);
    expect(await search("leqembi")).toEqual([saved!.title]);
    const page = (await read1(w.analyst._id, String(saved!._id))) as Awaited<ReturnType<typeof read.loader>>;
    expect(page.news).toMatchObject({
      title: saved!.title,
      summary: "Eisai & Biogen: <maintenance> dosing approved",
      companies: [w.eisai.name, w.biogen.name],
      compounds: ["lecanemab"],
    });
    expect(page.news.content).toContain("<strong>label</strong>");
  });

  test("an item carries its companies' and compounds' names as saved; a company renamed in the console is renamed on it", async () => {
    const w = await world();
    await callAction(add, { user: w.admin, form: w.fields() });
    const saved = (await News.findOne({ title: `Lecanemab label update ${w.tag}` }).lean())!;
    expect(saved.names).toEqual({
      [String(w.eisai._id)]: w.eisai.name,
      [String(w.biogen._id)]: w.biogen.name,
      [String(w.lecanemab._id)]: "lecanemab",
    });
    expect(await renameCompany(w.admin, w.eisai, `Eisai Co. ${w.tag}`)).toEqual(["Company updated!"]);
    const page = (await read1(w.analyst._id, String(saved._id))) as Awaited<ReturnType<typeof read.loader>>;
    expect(page.news).toMatchObject({ companies: [`Eisai Co. ${w.tag}`, w.biogen.name], compounds: ["lecanemab"] });
  });

  test("a company that is not on the list is refused, nothing is saved, and the form comes back with the whole list", async () => {
    const w = await world();
    // A company deleted since the form was shown: a save reads only the companies chosen, the form answered again all.
    const gone = await Company.create({ name: `Gone ${w.tag}`, type: "Biotech" as const });
    await Company.deleteOne({ _id: gone._id });
    const result = await callAction(add, { user: w.admin, form: w.fields({ companies: [String(w.eisai._id), String(gone._id)] }) });
    expect(httpStatusOf(result)).toBe(400);
    expect(errorsOf(result).companies).toEqual(["Choose companies from the list."]);
    expect(replyOf(result).options?.companies?.map((c) => c.label)).toEqual(expect.arrayContaining([w.eisai.name, w.biogen.name]));
    expect(await News.countDocuments({ client: w.alpha._id })).toBe(0);
  });

  test("the spec's messages, verbatim, for what is missing; nothing is saved", async () => {
    const w = await world();
    const result = await callAction(add, {
      user: w.admin,
      form: w.fields({ content: "<p> </p>", companies: [], compounds: [], categories: [], priority: "", title: " " }),
    });
    expect(httpStatusOf(result)).toBe(400);
    const errors = errorsOf(result);
    expect(errors.content).toEqual(["Content is required!"]);
    expect(errors.companies).toEqual(["Companies is required!"]);
    expect(errors.compounds).toEqual(["Compounds is required!"]);
    expect(errors.title).toEqual(["Field Required"]);
    expect(errors.categories).toEqual(["Field Required"]);
    expect(errors.priority).toEqual(["Field Required"]);
    expect(await News.countDocuments({ client: w.alpha._id })).toBe(0);
    // A summary over 1000 characters, a source without a name, a link that is no web address, a day that is none.
    const more = errorsOf(
      await callAction(add, {
        user: w.admin,
        form: w.fields({
          summary: "x".repeat(1001),
          "sources[0].name": "",
          "sources[0].link": "javascript:alert(1)",
          publishedAt: "2026-02-31",
        }),
      }),
    );
    expect(more.publishedAt).toEqual(["'2026-02-31' is not a date: enter it as DD/MM/YYYY."]);
    expect(more.summary).toEqual(["Maximum 1000 characters"]);
    expect(more["sources[0].name"]).toEqual(["Field Required"]);
    expect(more["sources[0].link"]).toEqual(["Enter a web address starting with http:// or https://"]);
    expect(await News.countDocuments({ client: w.alpha._id })).toBe(0);
  });

  test("'Published on' is read as typed without JavaScript (DD/MM/YYYY) and as the date picker sends it (YYYY-MM-DD); a day the calendar does not have is refused", async () => {
    const w = await world();
    const publishedOn = async (title: string) => (await News.findOne({ title }).lean())?.publishedAt?.toISOString();
    // Without JavaScript the field is a text input showing DD/MM/YYYY; with it the picker sends YYYY-MM-DD.
    for (const [publishedAt, day] of [
      ["15/03/2026", "2026-03-15"],
      [" 5.3.2026 ", "2026-03-05"],
      ["2026-03-16", "2026-03-16"],
    ] as const) {
      const title = `Typed ${publishedAt.trim()} ${w.tag}`;
      const saved = await callAction(add, { user: w.admin, form: w.fields({ title, publishedAt }) });
      expect(await toastsOf(saved as Response)).toEqual(["News Added!"]);
      expect(await publishedOn(title)).toBe(`${day}T00:00:00.000Z`);
    }
    for (const publishedAt of ["31/02/2026", "03/15/2026", "15/03/26", "tomorrow"]) {
      const refused = await callAction(add, { user: w.admin, form: w.fields({ title: `Refused ${w.tag}`, publishedAt }) });
      expect(httpStatusOf(refused)).toBe(400);
      expect(errorsOf(refused).publishedAt).toEqual([`'${publishedAt}' is not a date: enter it as DD/MM/YYYY.`]);
      // The text comes back as typed, for the field to show it again.
      expect(replyOf(refused).result.initialValue).toMatchObject({ publishedAt });
    }
    expect(await News.countDocuments({ title: `Refused ${w.tag}` })).toBe(0);
  });

  test("cascades: a new client clears area, disease and compounds; 'Choose' re-renders with the new options", async () => {
    const w = await world();
    // Without JavaScript: the area changed to Oncology since the form was drawn, which the admin does not hold:
    // 'Choose' says so, keeps the client and clears the area, disease and compounds.
    const chosen = replyOf(
      await callAction(add, { user: w.admin, form: w.fields({ intent: "cascade", therapeuticArea: String(w.onco._id) }) }),
    );
    expect(chosen.result.error).toEqual({ therapeuticArea: [areaNotPermitted("Oncology")] });
    expect(chosen.result.initialValue).toMatchObject({ client: String(w.alpha._id), title: `Lecanemab label update ${w.tag}` });
    expect(chosen.result.initialValue).not.toHaveProperty("therapeuticArea");
    expect(chosen.result.initialValue).not.toHaveProperty("disease");
    expect(chosen.result.initialValue).not.toHaveProperty("compounds");
    // A new disease keeps the area and clears only the compounds, whose options are the new disease's.
    const pd = replyOf(await callAction(add, { user: w.admin, form: w.fields({ intent: "cascade", disease: String(w.pd._id) }) }));
    expect(pd.result.initialValue).toMatchObject({ therapeuticArea: String(w.neuro._id), disease: String(w.pd._id) });
    expect(pd.result.initialValue).not.toHaveProperty("compounds");
    expect(pd.options!.compounds.map((c) => c.label)).toEqual(["levodopa"]);
    // With JavaScript the same options come from the resource, area by area.
    const loaded = (await callLoader(options, {
      user: w.admin,
      url: `/resources/scope-options?client=${w.alpha._id}&area=${w.neuro._id}&disease=${w.ad._id}&compounds=1`,
    })) as NonNullable<Reply["options"]>;
    expect(loaded!.areas.map((a) => a.label)).toEqual(["Neurology"]);
    expect(loaded!.compounds.map((c) => c.label)).toEqual(["lecanemab"]);
    // Saving after a client change without 'Choose': the stale area and disease are dropped and asked for again.
    const stale = errorsOf(await callAction(add, { user: w.admin, form: w.fields({ client: String(w.beta._id) }) }));
    expect(stale.client).toEqual([clientNotPermitted(w.beta.name)]);
    expect(await News.countDocuments({ title: `Lecanemab label update ${w.tag}` })).toBe(0);
  });

  test("a client or area outside the admin's permissions gets the spec's message and resets what depends on it", async () => {
    const w = await world();
    const client = replyOf(
      await callAction(add, { user: w.admin, form: w.fields({ client: String(w.beta._id), shownClient: String(w.beta._id) }) }),
    );
    expect(client.result.error?.client).toEqual([clientNotPermitted(w.beta.name)]);
    expect(client.result.initialValue).not.toHaveProperty("client");
    expect(client.result.initialValue).not.toHaveProperty("therapeuticArea");
    expect(client.result.initialValue).not.toHaveProperty("compounds");
    const area = replyOf(
      await callAction(add, {
        user: w.admin,
        form: w.fields({
          therapeuticArea: String(w.onco._id),
          shownArea: String(w.onco._id),
          disease: String(w.nsclc._id),
          shownDisease: String(w.nsclc._id),
        }),
      }),
    );
    expect(area.result.error?.therapeuticArea).toEqual([areaNotPermitted("Oncology")]);
    expect(area.result.initialValue).toMatchObject({ client: String(w.alpha._id) });
    expect(area.result.initialValue).not.toHaveProperty("disease");
    // A compound of another disease is refused too.
    const compound = errorsOf(await callAction(add, { user: w.admin, form: w.fields({ compounds: [String(w.levodopa._id)] }) }));
    expect(compound.compounds).toEqual(["Choose compounds of this disease."]);
    expect(await News.countDocuments({ title: `Lecanemab label update ${w.tag}` })).toBe(0);
  });

  test("attachments: uploaded (checked from their bytes), kept pending for their uploader, claimed on save, read as the item", async () => {
    const w = await world();
    const refused = (await callAction(upload, { user: w.admin, files: { file: new File([EXE], "report.pdf") } })) as Response;
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ error: '"report.pdf" is not a PDF, an image, an Office document or a text file.' });
    expect(httpStatusOf(await callAction(upload, { user: w.admin, files: { file: new File([], "empty.pdf") } }))).toBe(400);

    const uploaded = (await (
      (await callAction(upload, { user: w.admin, files: { file: new File([PDF], "Topline.pdf") } })) as Response
    ).json()) as {
      files: Array<{ name: string; link: string }>;
    };
    const [file] = uploaded.files;
    expect(file!.name).toBe("Topline.pdf");
    const fileId = file!.link.split("/").pop()!;
    const download = async (user: unknown) => httpStatusOf(await callLoader(files, { user, url: file!.link, params: { fileId } }));
    // Pending: only its uploader may open it.
    expect(await download(w.admin._id)).toBe(200);
    expect(await download(w.otherAdmin._id)).toBe(404);
    expect(await download(w.analyst._id)).toBe(404);

    // Another admin cannot attach it by its address.
    const stolen = errorsOf(
      await callAction(add, {
        user: w.otherAdmin,
        form: w.fields({ "attachments[0].name": "Topline", "attachments[0].link": file!.link }),
      }),
    );
    expect(stolen.attachments).toEqual(['"Topline" is not a file uploaded here.']);

    expect(
      httpStatusOf(
        await callAction(add, {
          user: w.admin,
          form: w.fields({ "attachments[0].name": "Topline results", "attachments[0].link": file!.link }),
        }),
      ),
    ).toBe(302);
    const saved = await News.findOne({ title: `Lecanemab label update ${w.tag}` }).lean();
    expect(saved!.attachments).toEqual([{ name: "Topline results", link: file!.link }]);
    expect((await findFile(fileId))!.metadata).toMatchObject({
      purpose: "news-attachment",
      owner: String(saved!._id),
      contentType: "application/pdf",
    });
    // Published in Alzheimer's: its analyst may open it now; the uploader's colleague too (they manage the client).
    expect(await download(w.analyst._id)).toBe(200);

    // Edited without it: the file goes.
    const id = String(saved!._id);
    expect(
      httpStatusOf(await callAction(edit, { user: w.admin, form: w.fields({ title: "Without the deck" }), params: { newsId: id } })),
    ).toBe(302);
    expect(await findFile(fileId)).toBeNull();
  });

  test("POST /files/upload, as the server answers it: each refusal with its 4xx status and message, a success with the files", async () => {
    const w = await world();
    const handler = serveResourceRoute("/files/upload", upload);
    const send = async (files: File[], headers: Record<string, string> = {}) => {
      const body = new FormData();
      for (const file of files) body.append("file", file);
      const response = await handler(
        new Request("http://x/files/upload", { method: "POST", headers: { Cookie: await sessionCookie(w.admin._id), ...headers }, body }),
      );
      return { status: response.status, body: (await response.json()) as { error?: string; files?: Array<{ name: string }> } };
    };
    expect(await send([])).toEqual({ status: 400, body: { error: "Choose a file to upload." } });
    expect(await send([new File([], "empty.pdf")])).toEqual({ status: 400, body: { error: '"empty.pdf" is empty.' } });
    expect(await send([new File([EXE], "report.pdf")])).toEqual({
      status: 415,
      body: { error: '"report.pdf" is not a PDF, an image, an Office document or a text file.' },
    });
    expect(await send(Array.from({ length: 11 }, (_, i) => new File([PDF], `${i}.pdf`)))).toEqual({
      status: 413,
      body: { error: "Attach at most 10 files at once." },
    });
    expect(await send([new File([PDF], "big.pdf")], { "Content-Length": String(200 * 1024 * 1024) })).toEqual({
      status: 413,
      body: { error: "Attach at most 10 files of 10 MB." },
    });
    expect(await send([new File([PDF], "Topline.pdf")])).toMatchObject({ status: 200, body: { files: [{ name: "Topline.pdf" }] } });
  });

  test("without JavaScript files come with the form; a form sent back with errors keeps them", async () => {
    const w = await world();
    const back = replyOf(
      await callAction(add, { user: w.admin, form: w.fields({ title: "" }), files: { upload: new File([PDF], "Deck.pdf") } }),
    );
    expect(back.result.error?.title).toEqual(["Field Required"]);
    const kept = back.result.initialValue!.attachments as Array<{ name: string; link: string }>;
    expect(kept).toEqual([{ name: "Deck.pdf", link: expect.stringMatching(/^\/resources\/files\/[0-9a-f]{24}$/) }]);
    // Sent again, as the re-rendered form sends it: saved with the item.
    const again = await callAction(add, {
      user: w.admin,
      form: w.fields({ "attachments[0].name": kept[0]!.name, "attachments[0].link": kept[0]!.link }),
    });
    expect(httpStatusOf(again)).toBe(302);
    const saved = await News.findOne({ title: `Lecanemab label update ${w.tag}` }).lean();
    expect(saved!.attachments).toEqual(kept);
    // Deleting the item deletes its file.
    expect(httpStatusOf(await callAction(remove, { user: w.admin, form: {}, params: { newsId: String(saved!._id) } }))).toBe(302);
    expect(await findFile(kept[0]!.link.split("/").pop()!)).toBeNull();
  });

  test("editing: a fetched item is completed and published; 'News Updated!'; another client's item is out of reach", async () => {
    const w = await world();
    const fetched = await News.create({
      title: "Fetched headline",
      status: "fetch",
      client: w.alpha._id,
      therapeuticArea: w.neuro._id,
      disease: w.ad._id,
      content: "<p>raw</p>",
      createdByName: "Feed",
    });
    const id = String(fetched._id);
    const loaded = (await callLoader(edit, { user: w.admin, url: `/news/edit/${id}`, params: { newsId: id } })) as Awaited<
      ReturnType<typeof edit.loader>
    >;
    expect(loaded).toMatchObject({ status: "fetch", defaultValue: { title: "Fetched headline", status: "draft", content: "<p>raw</p>" } });
    const saved = await callAction(edit, { user: w.admin, form: w.fields({ title: "Completed headline" }), params: { newsId: id } });
    expect(httpStatusOf(saved)).toBe(302);
    expect(await toastsOf(saved as Response)).toEqual(["News Updated!"]);
    expect(await News.findById(id).lean()).toMatchObject({ title: "Completed headline", status: "published" });

    // A company made inactive since stays on the item, choosable and saved again.
    await Company.updateOne({ _id: w.biogen._id }, { $set: { status: "inactive" } });
    const again = (await callLoader(edit, { user: w.admin, url: `/news/edit/${id}`, params: { newsId: id } })) as Awaited<
      ReturnType<typeof edit.loader>
    >;
    expect(again.options.companies).toContainEqual({ value: String(w.biogen._id), label: `${w.biogen.name} (inactive)` });
    expect(
      httpStatusOf(await callAction(edit, { user: w.admin, form: w.fields({ title: "Completed headline" }), params: { newsId: id } })),
    ).toBe(302);
    expect((await News.findById(id).lean())!.companies.map(String)).toEqual([String(w.eisai._id), String(w.biogen._id)]);

    const foreign = await News.create({ title: "Beta news", status: "draft", client: w.beta._id, therapeuticArea: w.betaArea._id });
    for (const result of [
      await callLoader(edit, { user: w.admin, params: { newsId: String(foreign._id) } }),
      await callAction(edit, { user: w.admin, form: w.fields(), params: { newsId: String(foreign._id) } }),
    ]) {
      expect(locationOf(result)).toBe("/news/drafts");
      expect(await toastsOf(result as Response)).toEqual(["Unexpected error occured while getting the news!"]);
    }
    expect(await News.findById(foreign._id).lean()).toMatchObject({ title: "Beta news" });
  });

  test(`${PAYLOADS.length} XSS payloads saved as content: none reaches the item's page`, async () => {
    const w = await world();
    expect(httpStatusOf(await callAction(add, { user: w.admin, form: w.fields({ content: PAYLOADS.join("\n") }) }))).toBe(302);
    const saved = await News.findOne({ title: `Lecanemab label update ${w.tag}` }).lean();
    const page = (await read1(w.analyst._id, String(saved!._id))) as Awaited<ReturnType<typeof read.loader>>;
    expect(dangers(page.news.content)).toEqual([]);
    expect(page.news.content).toContain(
      '<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer nofollow">fine link</a>',
    );
    // Stored some other way (the fetch queue, an import), it is sanitised as it is shown too.
    await News.updateOne({ _id: saved!._id }, { $set: { content: PAYLOADS.join("\n") } });
    const again = (await read1(w.analyst._id, String(saved!._id))) as Awaited<ReturnType<typeof read.loader>>;
    expect(dangers(again.news.content)).toEqual([]);
  });

  test("an item's page: published news of a permitted disease; drafts only for the admins who manage them; any other id is a 404", async () => {
    const w = await world();
    const [published, draft, hidden] = await News.create([
      {
        title: "Published",
        status: "published",
        publishedAt: new Date(),
        client: w.alpha._id,
        therapeuticArea: w.neuro._id,
        disease: w.ad._id,
        content: "<p>Body</p>",
      },
      { title: "Draft", status: "draft", client: w.alpha._id, therapeuticArea: w.neuro._id, disease: w.ad._id },
      {
        title: "Parkinson's",
        status: "published",
        publishedAt: new Date(),
        client: w.alpha._id,
        therapeuticArea: w.neuro._id,
        disease: w.pd._id,
      },
    ]);
    expect(((await read1(w.analyst._id, String(published!._id))) as Awaited<ReturnType<typeof read.loader>>).news).toMatchObject({
      title: "Published",
      disease: "Alzheimer's",
      content: "<p>Body</p>",
      managed: false,
    });
    for (const id of [draft!._id, hidden!._id, "0123456789abcdef01234567", "nope"]) {
      // Not there for this user: a 404, which the page shows as the not-found screen, not a failure to load.
      expect(httpStatusOf(await read1(w.analyst._id, String(id))), String(id)).toBe(404);
    }
    expect(((await read1(w.admin._id, String(draft!._id))) as Awaited<ReturnType<typeof read.loader>>).news).toMatchObject({
      title: "Draft",
      disease: "Alzheimer's",
      status: "draft",
      managed: true,
    });
  });

  test("news rights follow the diseases an admin holds: once a disease is taken away, its news is an unknown id to them", async () => {
    const w = await world();
    const inAd = { client: w.alpha._id, therapeuticArea: w.neuro._id, disease: w.ad._id };
    const [published, draft, fetched, kept] = await News.create([
      { ...inAd, title: `AD published ${w.tag}`, status: "published", publishedAt: new Date() },
      { ...inAd, title: `AD draft ${w.tag}`, status: "draft" },
      { ...inAd, title: `AD fetched ${w.tag}`, status: "fetch" },
      { client: w.alpha._id, therapeuticArea: w.neuro._id, disease: w.pd._id, title: `PD draft ${w.tag}`, status: "draft" },
    ]);
    const ids = [published!, draft!, fetched!].map((n) => String(n._id));
    const call = async (
      route: { loader?: unknown; action?: unknown },
      kind: "loader" | "action",
      id: string,
      form?: Record<string, string | string[]>,
    ) =>
      settle(
        Promise.resolve(
          (route[kind] as (args: never) => unknown)({
            request: await makeRequest(`/x?redirectTo=/news/drafts`, { user: w.admin._id, form }),
            params: { newsId: id },
            context: {},
          } as never),
        ),
      );
    const listed = async () => {
      const titles = [];
      for (const view of ["", "fetch"]) {
        const page = (await callLoader(drafts, { user: w.admin, url: `/news/drafts?view=${view}` })) as { rows: Array<{ title: string }> };
        titles.push(...page.rows.map((r) => r.title));
      }
      const feedPage = (await callLoader(feed, { user: w.admin, url: "/news" })) as {
        cards: Array<{ title: string }>;
      };
      return [...titles, ...feedPage.cards.map((c) => c.title)].sort();
    };
    // While the admin holds Alzheimer's, they manage its news.
    expect(await listed()).toEqual([draft!.title, fetched!.title, kept!.title, published!.title].sort());
    expect(httpStatusOf(await call(publish, "loader", ids[1]!))).toBe(200);
    expect(httpStatusOf(await call(edit, "loader", ids[0]!))).toBe(200);

    // The top-level admin takes Alzheimer's away in the console; Parkinson's stays.
    const top = await findActiveUser((await createUser({ role: "admin", isTopAdmin: true }))._id);
    const target = await findManagedUser({ actor: top!, id: String(w.admin._id) });
    const grant = (d: typeof w.pd) => `${w.alpha._id}.${w.neuro._id}.${d._id}`;
    await updateManagedUser({
      actor: top!,
      target: target!,
      values: { first: "Test", last: "User", email: target!.email, role: "admin", grants: [grant(w.pd)] },
    });

    const before = await News.find({ _id: trusted({ $in: ids }) })
      .sort({ _id: 1 })
      .lean();
    expect(await listed()).toEqual([kept!.title]);
    for (const id of ids) {
      expect(httpStatusOf(await read1(w.admin._id, id))).toBe(404);
      for (const kind of ["loader", "action"] as const) {
        const edited = await call(
          edit,
          kind,
          id,
          kind === "action" ? w.fields({ disease: String(w.pd._id), compounds: [String(w.levodopa._id)] }) : undefined,
        );
        expect(locationOf(edited)).toBe("/news/drafts");
        expect(await toastsOf(edited as Response)).toEqual(["Unexpected error occured while getting the news!"]);
        expect(httpStatusOf(await call(publish, kind, id, kind === "action" ? { redirectTo: "/news/drafts" } : undefined))).toBe(404);
        expect(httpStatusOf(await call(remove, kind, id, kind === "action" ? { redirectTo: "/news/drafts" } : undefined))).toBe(404);
      }
    }
    expect(
      await News.find({ _id: trusted({ $in: ids }) })
        .sort({ _id: 1 })
        .lean(),
    ).toEqual(before);
    // Parkinson's news is still theirs.
    expect(httpStatusOf(await call(publish, "loader", String(kept!._id)))).toBe(200);
  });
});

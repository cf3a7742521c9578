import { describe, expect, test } from "vitest";

import { storeFile, type FileMetadata } from "#db/files.server";
import { News } from "#db/models/index.server";
import { loader } from "~/routes/resources+/files.$fileId";

import { callLoader, httpStatusOf, scene } from "../db-utils";

// /files/{id}: every stored file says what it belongs to and is served only to users who may see that; unknown and
// forbidden ids answer alike (404).

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

async function world() {
  const { alpha, beta, alphaArea, ad, pd, lupus, external, editor } = await scene({
    clients: { alpha: {}, beta: {} },
    areas: { alphaArea: { client: "alpha" }, betaArea: { client: "beta" } },
    diseases: { ad: { area: "alphaArea" }, pd: { area: "alphaArea" }, lupus: { area: "betaArea" } },
    users: { external: { role: "external", grants: ["ad"] }, editor: { role: "editor", grants: ["ad"] } },
  });
  const store = (metadata: Pick<FileMetadata, "purpose" | "owner">) => storeFile("f.png", PNG, { contentType: "image/png", ...metadata });
  const published = await News.create({
    title: "Out",
    status: "published",
    client: alpha._id,
    therapeuticArea: alphaArea._id,
    disease: ad._id,
  });
  const draft = await News.create({ title: "Draft", status: "draft", client: alpha._id, therapeuticArea: alphaArea._id, disease: ad._id });
  const otherDisease = await News.create({
    title: "PD",
    status: "published",
    client: alpha._id,
    therapeuticArea: alphaArea._id,
    disease: pd._id,
  });
  const files = {
    companyLogo: await store({ purpose: "company-logo", owner: "0123456789abcdef01234567" }),
    ownClientLogo: await store({ purpose: "client-logo", owner: String(alpha._id) }),
    foreignClientLogo: await store({ purpose: "client-logo", owner: String(beta._id) }),
    ownWorkbook: await store({ purpose: "sheet-upload", owner: String(ad._id) }),
    foreignWorkbook: await store({ purpose: "sheet-upload", owner: String(lupus._id) }),
    publishedAttachment: await store({ purpose: "news-attachment", owner: String(published._id) }),
    draftAttachment: await store({ purpose: "news-attachment", owner: String(draft._id) }),
    ungrantedAttachment: await store({ purpose: "news-attachment", owner: String(otherDisease._id) }),
    // Stored before files said what they belong to.
    legacy: await storeFile("old.png", PNG, { contentType: "image/png" } as unknown as FileMetadata),
  };
  return { external, editor, files };
}

const get = async (user: unknown, id: string) =>
  (await callLoader({ loader }, { user, url: `/files/${id}`, params: { fileId: id } })) as Response;

describe("stored files", () => {
  test("each file reaches exactly the users who may see what it belongs to; the rest is a 404 like an unknown id", async () => {
    const { external, editor, files } = await world();
    const expected: Record<keyof typeof files, { external: number; editor: number }> = {
      companyLogo: { external: 200, editor: 200 },
      ownClientLogo: { external: 200, editor: 200 },
      foreignClientLogo: { external: 404, editor: 404 },
      ownWorkbook: { external: 404, editor: 404 },
      foreignWorkbook: { external: 404, editor: 404 },
      publishedAttachment: { external: 200, editor: 200 },
      draftAttachment: { external: 404, editor: 200 },
      ungrantedAttachment: { external: 404, editor: 404 },
      legacy: { external: 404, editor: 404 },
    };
    for (const [name, id] of Object.entries(files) as Array<[keyof typeof files, (typeof files)[keyof typeof files]]>) {
      for (const [role, user] of [
        ["external", external],
        ["editor", editor],
      ] as const) {
        const response = await get(user._id, String(id));
        expect(response.status, `${name} as ${role}`).toBe(expected[name][role]);
        if (response.status === 200) expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
        else expect(await response.text()).toBe("File not found");
      }
    }
    for (const id of ["000000000000000000000000", "not-an-id"]) expect(httpStatusOf(await get(external._id, id))).toBe(404);
  });

  test("a browser that opens a file it may not see gets the not-found screen (404) with its way home; an image or a script gets a short text", async () => {
    const { external, files } = await world();
    for (const id of [String(files.foreignClientLogo), "000000000000000000000000", "not-an-id"]) {
      const opened = (await callLoader(
        { loader },
        {
          user: external._id,
          url: `/files/${id}`,
          params: { fileId: id },
          headers: { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Sec-Fetch-Mode": "navigate" },
        },
      )) as Response;
      expect(opened.status, id).toBe(404);
      expect(opened.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      const page = await opened.text();
      expect(page).toContain("<h1>Are you lost?</h1>");
      expect(page).toContain('<a href="/dashboard">Take Me Home</a>');
      const image = (await callLoader(
        { loader },
        { user: external._id, url: `/files/${id}`, params: { fileId: id }, headers: { Accept: "image/avif,image/webp,*/*" } },
      )) as Response;
      expect([image.status, image.headers.get("Content-Type"), await image.text()]).toEqual([
        404,
        "text/plain; charset=utf-8",
        "File not found",
      ]);
    }
  });

  test("a signed-out request goes to sign in", async () => {
    const { files } = await world();
    const response = await get(null, String(files.companyLogo));
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

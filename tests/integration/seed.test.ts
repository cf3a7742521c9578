// The demo seed against a real database (FerretDB in the harness): counts, logos in GridFS, the demo accounts'
// permissions and determinism across two runs.
import mongoose, { type Types } from "mongoose";
import { beforeAll, describe, expect, test } from "vitest";

import { SUMMARY_MAX_CHARS } from "#common/constants";
import { connectDb, trusted } from "#db/connection.server";
import { Client, Company, Compound, Disease, Event, Keyword, News, TherapeuticArea, Trial, User } from "#db/models/index.server";
import { TrialSchema } from "~/routes/_app+/administration+/trials+/__trial-form";
import { trialFormValues } from "~/routes/_app+/administration+/trials+/__trial-form.server";
import { parseForm } from "~/utils/form-schema";

import { seed, type SeedSummary } from "../../scripts/seed/seed.server";
import { formFields } from "../db-utils";

const SEED_TIMEOUT = 180_000;
const DAY = 86_400_000;

/** Everything that must come out the same on every run (dates excluded), in insertion order. */
async function snapshot() {
  const byId = { _id: 1 } as const;
  const [companies, compounds, news, trials, events, users, diseases] = await Promise.all([
    Company.find().sort(byId).select("name type website headquarters logoName").lean(),
    Compound.find().sort(byId).select("name developmentPhase mechanismOfAction priority").lean(),
    News.find().sort(byId).select("title content analystCommentary status priority categories terms sources").lean(),
    Trial.find().sort(byId).select("trialIdentifier eventTitle countries biomarkers").lean(),
    Event.find().sort(byId).select("title type timezone").lean(),
    User.find().sort(byId).select("email role status").lean(),
    Disease.find().sort(byId).select("name sheetId reports").lean(),
  ]);
  const strip = <T extends { _id?: unknown }>(rows: T[]) => rows.map(({ _id, ...rest }) => rest);
  return {
    companies: strip(companies),
    compounds: strip(compounds),
    news: strip(news),
    trials: strip(trials),
    events: strip(events),
    users: strip(users),
    diseases: strip(diseases),
  };
}

async function userByEmail(email: string) {
  const user = await User.findOne({ email }).select("+passwordHash").lean();
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

describe("demo seed", () => {
  let summary: SeedSummary;
  let first: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    await connectDb(process.env.MONGODB_URI);
    summary = await seed();
    first = await snapshot();
  }, SEED_TIMEOUT);

  test("fills every collection with at least the promised amounts", async () => {
    expect(await Client.countDocuments()).toBeGreaterThanOrEqual(3);
    expect(await TherapeuticArea.countDocuments()).toBeGreaterThanOrEqual(8);
    expect(await Disease.countDocuments()).toBeGreaterThanOrEqual(15);
    expect(await Company.countDocuments()).toBeGreaterThanOrEqual(50);
    expect(await Compound.countDocuments()).toBeGreaterThanOrEqual(80);
    expect(await Keyword.countDocuments()).toBeGreaterThan(0);
    expect(await News.countDocuments()).toBeGreaterThanOrEqual(400);
    expect(await Event.countDocuments()).toBeGreaterThanOrEqual(60);
    expect(await Trial.countDocuments()).toBeGreaterThanOrEqual(40);
    expect(summary.news).toBe(await News.countDocuments());
    expect(summary.ms).toBeGreaterThan(0);
  });

  test("every company has a logo and two thumbnails stored in GridFS", async () => {
    const companies = await Company.find().select("name logo logoName thumbnails").lean();
    const files = mongoose.connection.db!.collection<{ _id: Types.ObjectId; length: number; metadata?: { contentType?: string } }>(
      "files.files",
    );
    const stored = new Map((await files.find({}).toArray()).map((f) => [String(f._id), f]));
    for (const company of companies) {
      for (const path of [company.logo, company.thumbnails?.w80, company.thumbnails?.w200]) {
        expect(path, company.name).toMatch(/^\/resources\/files\/[0-9a-f]{24}$/);
        const file = stored.get(path!.slice("/resources/files/".length));
        expect(file, `${company.name} ${path}`).toBeDefined();
        expect(file!.length).toBeGreaterThan(100);
        expect(file!.metadata?.contentType).toBe("image/png");
      }
      expect(company.logoName).toMatch(/^[a-z0-9-]+\.png$/);
    }
    const chunks = await mongoose.connection.db!.collection("files.chunks").countDocuments({});
    expect(chunks).toBeGreaterThanOrEqual(companies.length * 3);
  });

  test("the analyst sees exactly one client, including Alzheimer's disease", async () => {
    const analyst = await userByEmail("analyst@pharmascope.test");
    expect(analyst.role).toBe("external");
    expect(analyst.status).toBe("active");
    expect(analyst.clients).toHaveLength(1);
    const firstClient = await Client.findOne({ name: "Helix Therapeutics" }).lean();
    expect(String(analyst.clients[0])).toBe(String(firstClient!._id));
    const diseaseIds = analyst.permissions.flatMap((p) => p.diseases.map(String));
    const alzheimers = await Disease.findOne({ name: "Alzheimer's disease", client: firstClient!._id }).lean();
    expect(diseaseIds).toContain(String(alzheimers!._id));
    // A subset: the client has more diseases than the analyst may see.
    expect(await Disease.countDocuments({ client: firstClient!._id })).toBeGreaterThan(diseaseIds.length);
  });

  test("the multi-client user has two clients, the owner everything", async () => {
    const multi = await userByEmail("multi@pharmascope.test");
    expect(multi.clients).toHaveLength(2);
    const owner = await userByEmail("owner@pharmascope.test");
    expect(owner.isTopAdmin).toBe(true);
    expect(owner.clients).toHaveLength(await Client.countDocuments());
    expect(owner.permissions.flatMap((p) => p.diseases)).toHaveLength(await Disease.countDocuments());
  });

  test("pending users have no permissions and only the demo one has a password; all share one argon2id hash", async () => {
    const pending = await userByEmail("pending@pharmascope.test");
    expect(pending.status).toBe("pending");
    expect(pending.role).toBe("");
    expect(pending.permissions).toHaveLength(0);
    const otherPending = await User.find({ status: "pending", email: trusted({ $ne: "pending@pharmascope.test" }) })
      .select("+passwordHash")
      .lean();
    expect(otherPending.length).toBeGreaterThan(0);
    expect(otherPending.every((u) => !u.passwordHash)).toBe(true);
    const admin = await userByEmail("admin@pharmascope.test");
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(pending.passwordHash).toBe(admin.passwordHash);
    const statuses = new Set((await User.find().select("status").lean()).map((u) => u.status));
    expect([...statuses].sort()).toEqual(["active", "blocked", "inactive", "pending", "terminated"]);
  });

  test("news spans the last 18 months with drafts, fetched items and short commentaries", async () => {
    const news = await News.find().select("status publishedAt fetchedDate analystCommentary createdBy createdByName").lean();
    const count = (status: string) => news.filter((n) => n.status === status).length;
    expect(count("draft")).toBe(30);
    expect(count("fetch")).toBe(20);
    const now = Date.now();
    for (const n of news) {
      expect(n.publishedAt!.getTime()).toBeLessThanOrEqual(now + 1000);
      expect(n.publishedAt!.getTime()).toBeGreaterThan(now - 560 * DAY);
      expect(n.analystCommentary!.replace(/<[^>]+>/g, "").length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
      if (n.status === "fetch") {
        expect(n.fetchedDate).toBeInstanceOf(Date);
        expect(n.createdByName).toBeTruthy();
      } else {
        expect(n.createdBy).toBeDefined();
      }
    }
  });

  test("every trial opens in the trial form with every step filled as the form requires", async () => {
    const trials = await Trial.find().select("-searchTokens").lean();
    expect(trials.length).toBeGreaterThan(50);
    for (const trial of trials) {
      const body = new URLSearchParams(formFields(trialFormValues(trial)));
      const checked = parseForm(body, { schema: TrialSchema });
      expect(checked.status === "success" ? {} : checked.error, trial.eventTitle).toEqual({});
    }
  });

  test("events run from six months back to a year ahead", async () => {
    const events = await Event.find().select("startDateTime endDateTime timezone").lean();
    const now = Date.now();
    for (const e of events) {
      expect(e.startDateTime.getTime()).toBeGreaterThanOrEqual(now - 184 * DAY);
      expect(e.startDateTime.getTime()).toBeLessThanOrEqual(now + 366 * DAY);
      expect(e.endDateTime.getTime()).toBeGreaterThanOrEqual(e.startDateTime.getTime());
      expect(() => new Intl.DateTimeFormat("en", { timeZone: e.timezone })).not.toThrow();
    }
    expect(events.some((e) => e.startDateTime.getTime() < now)).toBe(true);
    expect(events.some((e) => e.startDateTime.getTime() > now)).toBe(true);
  });

  test(
    "a second run produces the same data",
    async () => {
      await seed();
      const second = await snapshot();
      expect(second.companies.map((c) => c.name)).toEqual(first.companies.map((c) => c.name));
      expect(second.compounds.map((c) => c.name?.generic)).toEqual(first.compounds.map((c) => c.name?.generic));
      expect(second).toEqual(first);
    },
    SEED_TIMEOUT,
  );
});

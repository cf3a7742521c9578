// Deterministic demo data: every run produces the same records (names, texts, links, numbers); only dates that
// are relative to "now" move (news over the last 18 months, events from 6 months back to 12 months ahead).
// Works on MongoDB and on FerretDB 1.24 (no $lookup, $facet, transactions or $text).
import mongoose from "mongoose";

import { COMPANIES } from "./data/companies";
import { seedClientsAreasDiseases } from "./steps/catalog";
import { seedCompanies } from "./steps/companies";
import { seedCompounds, seedKeywords } from "./steps/compounds";
import { seedEvents } from "./steps/events";
import { seedMonitoringSources } from "./steps/monitoring";
import { seedNews } from "./steps/news";
import { resetCollections } from "./steps/reset";
import { seedTrials } from "./steps/trials";
import { seedFollows, seedUsers } from "./steps/users";
import { seedWorkbooks } from "./workbooks/seed-workbooks.server"; // sheet sources: demo report workbooks

export interface SeedSummary {
  clients: number;
  therapeuticAreas: number;
  diseases: number;
  companies: number;
  compounds: number;
  keywords: number;
  events: number;
  trials: number;
  news: number;
  users: number;
  monitoringSources: number;
  files: number;
  /** Things the server could not do (e.g. FerretDB has no TTL indexes); the data is complete regardless. */
  warnings: string[];
  /** Milliseconds per step. */
  timings: Record<string, number>;
  ms: number;
}

export async function seed(): Promise<SeedSummary> {
  const started = performance.now();
  const now = new Date();
  const warnings: string[] = [];
  const timings: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await run();
    timings[name] = Math.round(performance.now() - t0);
    return result;
  };
  await step("reset", () => resetCollections(warnings));

  const companies = await step("companies+logos", () => seedCompanies());
  const { clients, areas, diseases } = await step("clients+areas+diseases", () => seedClientsAreasDiseases());
  const compounds = await step("compounds", () => seedCompounds(diseases, companies));
  const keywords = await step("keywords", () => seedKeywords(diseases));
  const trials = await step("trials", () => seedTrials(compounds, now));
  const events = await step("events", () => seedEvents(diseases, compounds, now));
  const users = await step("users", () => seedUsers(clients, diseases));
  const news = await step("news", () => seedNews(diseases, compounds, companies, keywords, users, now));
  await step("workbooks", () => seedWorkbooks(now)); // sheet sources: uploaded workbook + cache per disease
  await step("follows", () => seedFollows(now));
  const sources = await step("monitoring", () => seedMonitoringSources(now));
  const files = await mongoose.connection.db!.collection("files.files").countDocuments({});

  if (companies.size !== COMPANIES.length) warnings.push("duplicate company names in the seed data");
  return {
    clients: clients.length,
    therapeuticAreas: areas.length,
    diseases: diseases.length,
    companies: companies.size,
    compounds: compounds.length,
    keywords: keywords.length,
    events: events.length,
    trials: trials.length,
    news: news.length,
    users: users.length,
    monitoringSources: sources.length,
    files,
    warnings,
    timings,
    ms: Math.round(performance.now() - started),
  };
}

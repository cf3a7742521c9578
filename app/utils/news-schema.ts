import * as z from "zod/mini";

import { NEWS_CATEGORIES, SUMMARY_MAX_CHARS } from "#common/constants";
import { COMPANIES_REQUIRED, COMPOUNDS_REQUIRED, CONTENT_REQUIRED, FIELD_REQUIRED } from "#common/messages";
import { plainText } from "#common/plain-text";

import { dateField } from "./date-schema";
import { optionalLink, requiredText } from "./user-validation";

// The news form's rules (user-app §5 "News form"): the editor checks them in the browser and in its action, and the
// integration API checks a news item written through it with the same schema (app/services/api/v1.server.ts).

export const NewsSchema = z.object({
  client: z.string({ error: FIELD_REQUIRED }),
  therapeuticArea: z.string({ error: FIELD_REQUIRED }),
  disease: z.string({ error: FIELD_REQUIRED }),
  companies: z
    .array(z.string(), { error: COMPANIES_REQUIRED })
    .check(z.minLength(1, COMPANIES_REQUIRED), z.maxLength(50, "Choose at most 50")),
  compounds: z
    .array(z.string(), { error: COMPOUNDS_REQUIRED })
    .check(z.minLength(1, COMPOUNDS_REQUIRED), z.maxLength(50, "Choose at most 50")),
  categories: z.array(z.enum(NEWS_CATEGORIES), { error: FIELD_REQUIRED }).check(z.minLength(1, FIELD_REQUIRED)),
  priority: z.number({ error: FIELD_REQUIRED }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 4, FIELD_REQUIRED)),
  title: requiredText(300),
  content: z.string({ error: CONTENT_REQUIRED }).check(
    z.maxLength(200_000, "The content is too long (at most 200,000 characters of HTML)."),
    z.refine((html) => plainText(html).length > 0, CONTENT_REQUIRED),
  ),
  summary: z.optional(z.string().check(z.trim(), z.maxLength(SUMMARY_MAX_CHARS, `Maximum ${SUMMARY_MAX_CHARS} characters`))),
  publishedAt: z.optional(dateField()),
  status: z.enum(["draft", "published"], { error: FIELD_REQUIRED }),
  sources: z.optional(z.array(z.object({ name: requiredText(200), link: optionalLink }))),
  attachments: z.optional(
    z.array(z.object({ name: requiredText(200), link: z.string({ error: FIELD_REQUIRED }).check(z.maxLength(2000)) })),
  ),
});
export type NewsFormOutput = z.output<typeof NewsSchema>;

/** The form's values as strings (conform's default value). */
export interface NewsFormValues {
  client: string;
  therapeuticArea: string;
  disease: string;
  companies: string[];
  compounds: string[];
  categories: string[];
  priority: string;
  title: string;
  content: string;
  summary: string;
  publishedAt: string;
  status: string;
  sources: Array<{ name: string; link: string }>;
  attachments: Array<{ name: string; link: string }>;
}

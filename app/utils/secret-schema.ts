import * as z from "zod/mini";

// What a page of secrets (calendar feeds, API tokens) asks of every secret it makes, in the browser and in its action.

/** The longest name a secret takes; its field stops there too. */
export const SECRET_NAME_MAX = 100;

/** A secret's name, for its owner to tell their secrets apart. */
export const secretName = z
  .string({ error: "Name is required" })
  .check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(SECRET_NAME_MAX, "Name is too long (100 characters at most)"));

import * as z from "zod/mini";
import type { $RefinementCtx } from "zod/v4/core";

import { PASSWORD_MIN_LENGTH } from "#common/constants";
import { FIELD_REQUIRED, PASSWORDS_MUST_MATCH, REQUIRED } from "#common/messages";

// The fields of the account forms (user-app §5) and of the administration console's forms (admin-console §5) with the
// spec's messages; each screen's schema sits beside its route and is made of these. Every text is capped before any
// other work sees it.

/** RFC 5321 caps an address at 254 characters; longer input stops here, before a lookup or a rate-limit counter
 *  keyed on it. `required`: the message when blank ('Required' on account forms, 'Field Required' in the console). */
export const emailField = (required: string) =>
  z.pipe(
    z
      .string({ error: required })
      .check(z.trim(), z.maxLength(254, { error: "Maximum 254 characters", abort: true }), z.minLength(1, required), z.toLowerCase()),
    z.email("Enter a valid email address"),
  );
export const EmailSchema = emailField(REQUIRED);

/** A required text of the console's forms: 'Field Required' when blank. */
export const requiredText = (max: number) =>
  z.string({ error: FIELD_REQUIRED }).check(z.trim(), z.minLength(1, FIELD_REQUIRED), z.maxLength(max, `Maximum ${max} characters`));

/** An optional text of the console's forms, trimmed and capped. */
export const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, `Maximum ${max} characters`)));

/** An optional web address: http(s) only, so a stored link can never run script when clicked. */
export const optionalLink = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(2000, "Maximum 2000 characters"),
    z.refine((v) => /^https?:\/\/\S+$/i.test(v), "Enter a web address starting with http:// or https://"),
  ),
);

export const NameSchema = z.string({ error: REQUIRED }).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(80, "Maximum 80 characters"));

/** A password as typed to sign in or confirm: any content, bounded. */
export const PasswordInputSchema = z
  .string({ error: REQUIRED })
  .check(z.minLength(1, REQUIRED), z.maxLength(256, "Maximum 256 characters"));

/** Email and password, as the sign-in form and the authenticator read them. */
export const CredentialsSchema = z.object({ email: EmailSchema, password: PasswordInputSchema });

// Password rules with their exact messages. Every failing rule is reported, not just the first.
const PASSWORD_RULES: Array<{ test: (value: string) => boolean; message: string }> = [
  { test: (v) => /\d/.test(v), message: "At least One Number" },
  { test: (v) => /[a-z]/.test(v), message: "At least One Lower Case letter" },
  { test: (v) => /[A-Z]/.test(v), message: "At least One Upper Case letter" },
  { test: (v) => /[#$@!%&*?.^()\-_,{}]/.test(v), message: "Must Contain one of #$@!%&*?.^()-_,{}" },
  { test: (v) => v.length >= PASSWORD_MIN_LENGTH, message: `Minimum ${PASSWORD_MIN_LENGTH} character long!` },
];

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a number, a lower and an upper case letter and one of #$@!%&*?.^()-_,{}`;

/** A new password: every rule of §5 ('Required' alone when empty). */
export const PasswordSchema = PasswordInputSchema.check(
  z.superRefine((value, ctx) => {
    if (!value) return;
    for (const rule of PASSWORD_RULES) if (!rule.test(value)) ctx.addIssue({ code: "custom", message: rule.message });
  }),
);

/** New password plus its confirmation, for reset and change password; check them with `matchingPasswords`. */
export const NewPasswordFields = { newPassword: PasswordSchema, confirmPass: PasswordInputSchema };

/** 'Passwords must match', on the confirmation. */
export const matchingPasswords = z.superRefine((data: { newPassword: string; confirmPass: string }, ctx: $RefinementCtx) => {
  if (data.newPassword !== data.confirmPass) ctx.addIssue({ code: "custom", path: ["confirmPass"], message: PASSWORDS_MUST_MATCH });
});

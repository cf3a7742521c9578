import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/utils/constants";

// Password rules of user-app §5 with their exact messages. Every failing rule is reported, not just the first.
export const PASSWORD_RULES: Array<{ test: (value: string) => boolean; message: string }> = [
  { test: (v) => /\d/.test(v), message: "At least One Number" },
  { test: (v) => /[a-z]/.test(v), message: "At least One Lower Case letter" },
  { test: (v) => /[A-Z]/.test(v), message: "At least One Upper Case letter" },
  { test: (v) => /[#$@!%&*?.^()\-_,{}]/.test(v), message: "Must Contain one of #$@!%&*?.^()-_,{}" },
  { test: (v) => v.length >= PASSWORD_MIN_LENGTH, message: `Minimum ${PASSWORD_MIN_LENGTH} character long!` },
];

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a number, a lower and an upper case letter and one of #$@!%&*?.^()-_,{}`;

export const PasswordSchema = z
  .string({ error: "Required" })
  .min(1, "Required")
  .max(256, "Maximum 256 characters")
  .superRefine((value, ctx) => {
    if (!value) return; // 'Required' alone
    for (const rule of PASSWORD_RULES) if (!rule.test(value)) ctx.addIssue({ code: "custom", message: rule.message });
  });

/** New password plus its confirmation ('Passwords must match'), for reset and change password. */
export const NewPasswordFields = {
  newPassword: PasswordSchema,
  confirmPass: z.string({ error: "Required" }).min(1, "Required").max(256, "Maximum 256 characters"),
};

export function requireMatchingPasswords(data: { newPassword: string; confirmPass: string }, ctx: z.RefinementCtx) {
  if (data.newPassword !== data.confirmPass) {
    ctx.addIssue({ code: "custom", path: ["confirmPass"], message: "Passwords must match" });
  }
}

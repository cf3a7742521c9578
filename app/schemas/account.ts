import { z } from "zod";
import { NewPasswordFields, requireMatchingPasswords } from "./password";

/** RFC 5321 caps an address at 254 characters; longer input stops here, before any other work (a lookup, a rate-limit
 *  counter keyed on it). */
const email = z
  .string({ error: "Required" })
  .trim()
  .max(254, { message: "Maximum 254 characters", abort: true })
  .min(1, "Required")
  .email("Enter a valid email address")
  .toLowerCase();
const name = z.string({ error: "Required" }).trim().min(1, "Required").max(80, "Maximum 80 characters");

/** Sign-up (user-app §5): first name, last name, email required. */
export const SignUpSchema = z.object({ first: name, last: name, email });

/** Forgot password: email required. */
export const ForgotPasswordSchema = z.object({ email });

/** Reset: new password with the §5 rules, confirmation equal. */
export const ResetPasswordSchema = z.object(NewPasswordFields).superRefine(requireMatchingPasswords);

/** Change password: current password required, then the reset rules. */
export const ChangePasswordSchema = z
  .object({ currPassword: z.string({ error: "Required" }).min(1, "Required").max(256, "Maximum 256 characters"), ...NewPasswordFields })
  .superRefine(requireMatchingPasswords);

/** Login: email and password required. */
export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Required" }).min(1, "Required").max(256, "Maximum 256 characters"),
  redirectTo: z.string().max(2_000).optional(),
});

import { z } from "zod";
import { NewPasswordFields, requireMatchingPasswords } from "./password";

const email = z.string({ error: "Required" }).trim().min(1, "Required").email("Enter a valid email address").toLowerCase();
const name = z.string({ error: "Required" }).trim().min(1, "Required").max(80, "Maximum 80 characters");

/** Sign-up (user-app §5): first name, last name, email required. */
export const SignUpSchema = z.object({ first: name, last: name, email });

/** Forgot password: email required. */
export const ForgotPasswordSchema = z.object({ email });

/** Reset: new password with the §5 rules, confirmation equal. */
export const ResetPasswordSchema = z.object(NewPasswordFields).superRefine(requireMatchingPasswords);

/** Change password: current password required, then the reset rules. */
export const ChangePasswordSchema = z
  .object({ currPassword: z.string({ error: "Required" }).min(1, "Required"), ...NewPasswordFields })
  .superRefine(requireMatchingPasswords);

/** Login: email and password required. */
export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Required" }).min(1, "Required"),
  redirectTo: z.string().optional(),
});

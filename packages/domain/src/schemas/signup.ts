// Signup (spec §5 "Signup"): a unique email (checked by the server) and a password of at least 6
// characters; signup uses the password variant with a minimum length only.
import { z } from 'zod';
import { passwordSchema, requiredEmailSchema } from './fields';

export const signupSchema = z.object({ email: requiredEmailSchema, password: passwordSchema });
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

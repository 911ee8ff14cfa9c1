// Every new password passes here before it is hashed (sign-up, contractor registration, reset,
// change): the shared policy (src/schemas/password.ts) with its owner's e-mail and name. The
// dictionaries load when this module is imported (about 45 ms and 25 MB of heap, once per
// server), so no request waits for them.
import { loadPasswordScorer, ZPasswordPolicy } from '../../schemas/password.ts';
import { AppError } from '../errors.ts';

void loadPasswordScorer().catch(() => undefined);

/** Refuses (400, the message on the password field) a password the policy does not accept. */
export async function checkNewPassword(
  password: string,
  owner: { email: string; name?: string | null },
): Promise<void> {
  const result = await ZPasswordPolicy.safeParseAsync({ password, email: owner.email, name: owner.name });
  if (result.success) return;
  const messages = result.error.issues.map((i) => i.message);
  throw new AppError('BAD_REQUEST', messages[0]!, { password: messages });
}

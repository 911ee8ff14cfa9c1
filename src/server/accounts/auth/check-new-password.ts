// Every new password passes here before it is hashed (sign-up, contractor registration, reset,
// change): the shared policy (src/schemas/password.ts) with its owner's e-mail and name. The
// dictionaries start loading when this module is imported (0.2 to 0.6 s on the busy 2-core
// machine, about 6 MB of heap, once per server process), so no request waits for them.
import { loadPasswordScorer, ZPasswordPolicy } from '../../../schemas/password.ts';
import { AppError } from '../../platform/errors.ts';

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

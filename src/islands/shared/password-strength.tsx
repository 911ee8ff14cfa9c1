// The new-password policy's verdict as the person types (src/schemas/password.ts): the e-mail's
// name and zxcvbn's estimate, once the spec's checklist is met. The dictionaries are fetched when
// the field is first used, not with the page.
import { useEffect, useState } from 'react';
import { passwordProblems } from '../../domain/account-rules.ts';
import { loadPasswordScorer, newPasswordProblems, type TPasswordPolicy } from '../../schemas/password.ts';

/** The policy's message beyond the checklist for `password`, or null (none, or not checked yet). */
export function usePasswordStrength({ password, email, name }: TPasswordPolicy): string | null {
  /** The last verdict, with what it was for (a verdict for other input is not shown). */
  const [verdict, setVerdict] = useState<{ key: string; message: string | null } | null>(null);
  const key = JSON.stringify([password, email ?? '', name ?? '']);
  const meetsChecklist = password.length > 0 && passwordProblems(password).length === 0;
  const used = password.length > 0;
  useEffect(() => {
    if (used) void loadPasswordScorer().catch(() => undefined);
  }, [used]);
  useEffect(() => {
    if (!meetsChecklist) return;
    let live = true;
    // A short pause, so a check runs once typing stops rather than on every key.
    const timer = setTimeout(() => {
      void newPasswordProblems({ password, email, name }).then((problems) => {
        if (live) setVerdict({ key, message: problems[0] ?? null });
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [meetsChecklist, key, password, email, name]);
  return meetsChecklist && verdict?.key === key ? verdict.message : null;
}

/** The message under a new-password field, read out when it changes. */
export function PasswordStrength({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className={message ? 'error' : 'visually-hidden'} aria-live="polite">
      {message ?? ''}
    </p>
  );
}

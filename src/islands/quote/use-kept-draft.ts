// What the wizard keeps in this browser (draft.ts): the step, the draft, the request key and the
// code step, restored after hydration and saved on every change until the request is accepted. A
// link fills in what it names once per tab (prefill.ts: ?service=, ?zip=, and ?contractor= from a
// profile, whose name is fetched); signed-in users get their e-mail.
import { startTransition, useEffect, useState } from 'react';
import { read } from '../shared/read.ts';
import { EMPTY_DRAFT, loadDraft, saveDraft, type QuoteDraft, type SavedDraft } from './draft.ts';
import { applyLink, fetchTarget, linkApplied, markLinkApplied, readLink } from './prefill.ts';
import type { ServiceChoice } from './step-types.ts';

/** Submitted: the code step, with where the code went. */
export type CodeStepState = NonNullable<SavedDraft['codeStep']>;

export function useKeptDraft(services: ServiceChoice[]) {
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState<QuoteDraft>(EMPTY_DRAFT);
  const [requestKey, setRequestKey] = useState('');
  const [ready, setReady] = useState(false);
  const [codeStep, setCodeStep] = useState<CodeStepState | null>(null);

  useEffect(() => {
    const kept = loadDraft() ?? { step: 1, draft: { ...EMPTY_DRAFT }, requestKey: crypto.randomUUID() };
    const search = window.location.search;
    const linked = linkApplied(search) ? null : applyLink(kept, readLink(search, services));
    markLinkApplied(search);
    const next = linked?.saved ?? kept;
    if (linked?.fetchContractor) {
      void fetchTarget(linked.fetchContractor).then((target) => {
        if (target) setDraft((d) => ({ ...d, contractor: target }));
      });
    }
    // What this browser kept is applied after hydration, so the prebuilt HTML and the first render
    // agree; one extra render on load is the price.
    // In a transition: this second render yields to the browser instead of one long task (issue 25).
    startTransition(() => {
      setDraft(next.draft);
      setStep(next.step);
      setRequestKey(next.requestKey);
      if (next.codeStep) setCodeStep(next.codeStep);
      setReady(true);
    });
    if (/(?:^|; )signed_in=1/.test(document.cookie)) {
      // The signed-in homeowner's address fills an empty E-mail; without it the field stays empty.
      void read<{ user: { email: string } | null }>('/api/auth/session').then(
        (a) => {
          const email = a.user?.email;
          if (email) setDraft((d) => (d.email ? d : { ...d, email }));
        },
        () => undefined,
      );
    }
  }, [services]);

  useEffect(() => {
    if (ready) saveDraft({ step, draft, requestKey, ...(codeStep ? { codeStep } : {}) });
  }, [ready, step, draft, requestKey, codeStep]);

  return { step, setStep, draft, setDraft, requestKey, codeStep, setCodeStep };
}

// Sending the request and what follows: Submit checks every step and sends it with its proof of
// work (a double submit or a retry is one request, by its key); submitted while offline, it waits
// and is sent by itself once the connection is back (src/islands/shared/api.ts). Then the code sent
// to the phone (verified, or sent again), and the answer's meaning for the page: the sale followed,
// its contractors, what it waits for, or the fields to fix. Nothing typed is lost on a refusal.
import { useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { PHONE_PROOF_MESSAGES } from '../../domain/phone-proof-rules.ts';
import { QUOTE_MESSAGES, QUOTE_STEPS, stepOf } from '../../domain/quote-rules.ts';
import { pushToast } from '../../stores/toasts.ts';
import { finishDraft, toQuoteInput, type QuoteDraft } from './draft.ts';
import type { ProofHandle } from './ProofOfWork.tsx';
import type { SaleProgressInfo } from './SaleProgress.tsx';
import { resendCode, sendQuote, verifyCode, type SendOutcome } from './send-quote.ts';
import type { SoldInfo } from './SoldResult.tsx';
import type { CodeStepState } from './use-kept-draft.ts';
import { useSaleFollow } from './use-sale-follow.ts';
import type { WizardErrors } from './use-step-flow.ts';

interface Wizard {
  draft: QuoteDraft;
  requestKey: string;
  codeStep: CodeStepState | null;
  setCodeStep: Dispatch<SetStateAction<CodeStepState | null>>;
  setStep: Dispatch<SetStateAction<number>>;
  check: (n: number, d: QuoteDraft) => Promise<WizardErrors>;
  showErrors: (found: WizardErrors) => void;
  setErrors: Dispatch<SetStateAction<WizardErrors>>;
  heading: RefObject<HTMLHeadingElement | null>;
}

export function useSendRequest(w: Wizard) {
  const { draft, requestKey, codeStep, setCodeStep, setStep, check, showErrors, setErrors, heading } = w;
  const [busy, setBusy] = useState(false);
  /** Sent and not sold yet: waiting for the e-mail link (a VoIP line) or checked by our team. */
  const [finished, setFinished] = useState<{ kind: 'awaiting_email' | 'held'; email: string } | null>(null);
  /** Sold (issue 25): the contractors it went to, shown here instead of going home. */
  const [sold, setSold] = useState<SoldInfo | null>(null);
  /** Its sale under way on the server: followed until it is done (issue 28). */
  const [selling, setSelling] = useState<SaleProgressInfo | null>(null);
  const following = selling !== null && !selling.late;
  const [codeValue, setCodeValue] = useState('');
  /** Submitted while offline: waiting to be sent when the connection comes back. */
  const [offline, setOffline] = useState(false);
  const proof = useRef<ProofHandle>(null);

  const submit = async () => {
    for (let n = 1; n <= QUOTE_STEPS.length; n += 1) {
      const found = await check(n, draft);
      if (Object.keys(found).length) {
        setStep(n);
        showErrors(found);
        return;
      }
    }
    setBusy(true);
    const altcha = await proof.current?.payload();
    const outcome = altcha
      ? await sendQuote(toQuoteInput(draft, requestKey, altcha), { onWaiting: setOffline })
      : ({ kind: 'fields', errors: { altcha: QUOTE_MESSAGES.proof } } as const);
    setBusy(false);
    // A refused request spends its proof of work: the next try gets a fresh challenge.
    if (outcome.kind === 'fields' || outcome.kind === 'failed') proof.current?.reset();
    settle(outcome);
  };

  /** The code typed from the phone: right, and the request is sold now. */
  const verify = async () => {
    if (!/^\d{6}$/.test(codeValue)) {
      showErrors({ code: PHONE_PROOF_MESSAGES.codeFormat });
      return;
    }
    setBusy(true);
    const outcome = await verifyCode(requestKey, codeValue);
    setBusy(false);
    settle(outcome);
  };

  const resend = async (channel: 'sms' | 'call') => {
    setBusy(true);
    const answer = await resendCode(requestKey, channel);
    setBusy(false);
    if (answer.ok) {
      setCodeStep({ code: answer.code });
      setCodeValue('');
      setErrors({});
    } else {
      setErrors({ code: answer.message });
    }
  };

  /** What an answer means for the page; nothing the homeowner typed is lost on a refusal. */
  const settle = (outcome: SendOutcome) => {
    switch (outcome.kind) {
      case 'selling':
        setCodeStep(null);
        setSelling({ contractors: outcome.contractors, late: false });
        return;
      case 'code':
        setCodeStep({ code: outcome.code });
        setCodeValue('');
        setErrors({});
        requestAnimationFrame(() => heading.current?.focus());
        return;
      case 'done':
        finishDraft();
        pushToast(outcome.toast);
        if (outcome.sold) {
          setSold({ ...outcome.sold, signedIn: /(?:^|; )signed_in=1/.test(document.cookie) });
          return;
        }
        setTimeout(() => window.location.assign('/'), 1200);
        return;
      case 'awaiting_email':
      case 'held':
        finishDraft();
        setFinished({ kind: outcome.kind, email: draft.email.trim() });
        return;
      case 'fields': {
        if (outcome.errors.code && codeStep) {
          showErrors({ code: outcome.errors.code });
          return;
        }
        setCodeStep(null);
        setStep(Math.min(...Object.keys(outcome.errors).map(stepOf)));
        showErrors(outcome.errors);
        return;
      }
      case 'failed':
        pushToast({ title: outcome.title, description: outcome.description, variant: 'destructive' });
    }
  };

  useSaleFollow(following, requestKey, setSelling, settle);

  return { busy, finished, sold, selling, codeValue, setCodeValue, offline, proof, submit, verify, resend };
}

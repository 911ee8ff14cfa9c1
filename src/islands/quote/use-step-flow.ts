// Moving through the wizard's steps: each step checked with the same schema the server uses
// (checks.ts), Continue only when it is valid, else each field says why and focus goes to the
// first of them. A preset tapped with a pointer advances by itself after 300 ms; chosen with the
// keyboard it waits for Continue (WCAG 3.2.2). After each step the progress indicator is scrolled
// into view and focus goes to the step's heading.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { QuoteField } from '../../domain/quote-rules.ts';
import { stepErrors } from './checks.ts';
import { toQuoteInput, zipFromAddress, type QuoteDraft } from './draft.ts';
import type { StepProps } from './step-types.ts';

const AUTO_ADVANCE_MS = 300;
/** A choice made this soon after a pointer press (and after any key press) was made by pointer. */
const POINTER_CHOICE_MS = 1500;

export type WizardErrors = Partial<Record<QuoteField | 'altcha' | 'code', string | undefined>>;

interface Kept {
  step: number;
  setStep: Dispatch<SetStateAction<number>>;
  draft: QuoteDraft;
  setDraft: Dispatch<SetStateAction<QuoteDraft>>;
  requestKey: string;
}

export function useStepFlow({ step, setStep, draft, setDraft, requestKey }: Kept) {
  const [errors, setErrors] = useState<WizardErrors>({});
  /** The ZIP code the address last filled in, so a later address may replace it. */
  const autoZip = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  /** When the last pointer press and key press happened (performance.now()). */
  const lastPointer = useRef(-Infinity);
  const lastKey = useRef(-Infinity);
  /** Raised to move focus to the first invalid field once the step with it has rendered. */
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** The fields' messages shown, and focus on the first field they name. */
  const showErrors = (found: WizardErrors) => {
    setErrors(found);
    setFocusRequest((n) => n + 1);
  };

  /** The progress indicator in view (a long step may have been scrolled past it), focus on the heading. */
  const toTop = () =>
    requestAnimationFrame(() => {
      const box = progress.current?.getBoundingClientRect();
      if (box && (box.top < 0 || box.top > window.innerHeight / 2))
        progress.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    });

  const goTo = (next: number) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setErrors({});
    setStep(next);
    toTop();
  };

  const set: StepProps['set'] = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /**
   * The address, and the ZIP code it ends with, into the ZIP field while that is empty or still
   * holds what an earlier address filled in (a ZIP the homeowner typed is never overwritten).
   */
  const onAddress = (address: string) => {
    const zip = zipFromAddress(address);
    setDraft((d) => {
      const ours = d.zipCode === '' || d.zipCode === autoZip.current;
      if (!zip || !ours) return { ...d, address };
      autoZip.current = zip;
      return { ...d, address, zipCode: zip };
    });
    setErrors((e) => ({ ...e, address: undefined, zipCode: zip ? undefined : e.zipCode }));
  };

  const check = (n: number, d: QuoteDraft) => stepErrors(n, toQuoteInput(d, requestKey));

  /** Continue: only when this step is valid. */
  const next = async () => {
    const found = await check(step, draft);
    if (Object.keys(found).length) showErrors(found);
    else goTo(step + 1);
  };

  /**
   * A preset choice: saved at once; made with a pointer (a tap or a click), on to the next step
   * after 300 ms; made with the keyboard (arrow keys move a radio group's choice), it waits for
   * Continue, so browsing the choices never changes the page under the visitor (WCAG 3.2.2).
   */
  const choose = (patch: Partial<QuoteDraft>) => {
    const updated = { ...draft, ...patch };
    setDraft(updated);
    setErrors({});
    clearTimeout(timer.current);
    const now = performance.now();
    const byPointer = lastPointer.current > lastKey.current && now - lastPointer.current < POINTER_CHOICE_MS;
    if (!byPointer) return;
    const from = step;
    const pending = setTimeout(() => {
      void check(from, updated).then((found) => {
        // Not if another choice (or Back, or Continue) came meanwhile.
        if (timer.current === pending && Object.keys(found).length === 0) goTo(from + 1);
      });
    }, AUTO_ADVANCE_MS);
    timer.current = pending;
  };

  /** A pointer press or a key press in the form: how the next preset choice was made. */
  const notePointer = () => {
    lastPointer.current = performance.now();
  };
  const noteKey = () => {
    lastKey.current = performance.now();
  };

  return {
    errors,
    setErrors,
    showErrors,
    heading,
    form,
    progress,
    goTo,
    set,
    onAddress,
    check,
    next,
    choose,
    notePointer,
    noteKey,
  };
}

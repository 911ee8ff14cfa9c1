// Respond to a lead: subject, message and an optional quote (items of description, quantity and
// rate). The amounts shown here are a preview; the server computes the stored ones in cents.
// A refusal (the shared schema's here, or the server's) is shown on the field it is about: the
// field is marked invalid, its message tied to it and announced, and focus goes to the first one.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { DASHBOARD_MESSAGES as M, QUOTE_LIMITS, quoteInCents } from '../../domain/dashboard-rules.ts';
import { isoDayAfter } from '../../domain/format.ts';
import { formatMoney } from '../../domain/money.ts';
import { ZLeadResponse } from '../../schemas/lead-response.ts';
import { pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import QuoteItemsEditor, { type ItemDraft } from './QuoteItemsEditor.tsx';
import { fieldErrorsOf, firstInvalid, type FieldErrors } from './response-errors.ts';
import type { ChosenTemplate } from './TemplatesDialog.tsx';

const EMPTY_ITEM: ItemDraft = { description: '', quantity: '1', rate: '' };

export default function ResponseForm(props: {
  distributionId: string;
  template: ChosenTemplate | null;
  /** Asks for a quote (the "Send a quote" action): the quote is included and the form focused. */
  quoteRequest: number;
  onSent: (communicationId: string) => Promise<void>;
}) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [withQuote, setWithQuote] = useState(props.quoteRequest > 0);
  const [items, setItems] = useState<ItemDraft[]>([EMPTY_ITEM]);
  const [validUntil, setValidUntil] = useState(() => isoDayAfter(new Date(), 30));
  const [terms, setTerms] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const fieldId = (key: string) => `${id}-${key.replace(/\./g, '-')}`;

  // A template chosen in the header's dialog fills the form (once per choice).
  const [appliedTemplate, setAppliedTemplate] = useState(0);
  const template = props.template;
  if (template && template.seq !== appliedTemplate) {
    setAppliedTemplate(template.seq);
    setSubject(template.subject);
    setMessage(template.message);
  }
  // "Send a quote": the quote included (once per request), and the subject focused to start.
  const [appliedQuote, setAppliedQuote] = useState(0);
  if (props.quoteRequest !== appliedQuote) {
    setAppliedQuote(props.quoteRequest);
    setWithQuote(true);
  }
  useEffect(() => {
    if (props.quoteRequest > 0) document.getElementById(`${id}-subject`)?.focus();
  }, [props.quoteRequest, id]);

  const numbers = items.map((i) => ({
    description: i.description,
    // A blank field is no number ('Enter a rate'), not 0.
    quantity: i.quantity.trim() === '' ? Number.NaN : Number(i.quantity),
    rate: i.rate.trim() === '' ? Number.NaN : Number(i.rate),
  }));
  const preview = quoteInCents(
    numbers.map((i) => ({
      ...i,
      quantity: Number.isFinite(i.quantity) ? i.quantity : 0,
      rate: Number.isFinite(i.rate) ? i.rate : 0,
    })),
  );

  /** Shows the refusal on its fields and moves focus to the first (or to the form's message). */
  const refuse = (fields: FieldErrors, general: string | null) => {
    setErrors(fields);
    setFormError(general);
    // After React has drawn the messages, so the field is described when focus lands on it.
    requestAnimationFrame(() => {
      const first = firstInvalid(fields, items.length);
      const target = first ? document.getElementById(fieldId(first)) : formErrorRef.current;
      target?.focus();
    });
  };

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    const body = {
      subject,
      message,
      ...(withQuote
        ? { quote: { items: items.some((i) => i.description || i.rate) ? numbers : [], validUntil, terms } }
        : {}),
    };
    const parsed = ZLeadResponse.safeParse(body);
    if (!parsed.success) {
      const fields = fieldErrorsOf(
        parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
      );
      refuse(fields, null);
      return;
    }
    setBusy(true);
    const answer = await api<{ communicationId: string }>(
      'POST',
      `/api/contractor/leads/${props.distributionId}/responses`,
      parsed.data,
    );
    setBusy(false);
    if (!answer.ok) {
      const fields = fieldErrorsOf(
        Object.entries(answer.body.fields ?? {}).map(([key, messages]) => ({
          path: key.split('.'),
          message: messages[0] ?? UNEXPECTED,
        })),
      );
      const reason = answer.body.error ?? UNEXPECTED;
      refuse(fields, Object.keys(fields).length ? null : `${M.sendFailed} ${reason}`);
      return;
    }
    setErrors({});
    setFormError(null);
    pushToast({ title: 'Response sent', description: 'The homeowner was e-mailed your response.' });
    setSubject('');
    setMessage('');
    setWithQuote(false);
    setItems([EMPTY_ITEM]);
    setTerms('');
    await props.onSent(answer.body.communicationId);
  };

  const count = Object.keys(errors).length;
  /** The props tying a control to its message. */
  const described = (key: string) =>
    errors[key]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(key)}-error` }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };
  const message_ = (key: string) =>
    errors[key] ? (
      <p id={`${fieldId(key)}-error`} className="field-error">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form className="response-form" onSubmit={(e) => void send(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Respond to this lead</h3>
      <div role="alert" className="form-alert">
        {count > 0 && (
          <p className="error">
            {count === 1 ? 'One field needs' : `${count} fields need`} your attention before the response can
            go.
          </p>
        )}
        {formError && (
          <p className="error" ref={formErrorRef} tabIndex={-1}>
            {formError}
          </p>
        )}
      </div>
      <label htmlFor={fieldId('subject')}>Subject</label>
      <input
        id={fieldId('subject')}
        value={subject}
        maxLength={QUOTE_LIMITS.subject}
        {...described('subject')}
        onChange={(e) => setSubject(e.target.value)}
      />
      {message_('subject')}
      <label htmlFor={fieldId('message')}>Message</label>
      <textarea
        id={fieldId('message')}
        value={message}
        rows={6}
        maxLength={QUOTE_LIMITS.message}
        {...described('message')}
        onChange={(e) => setMessage(e.target.value)}
      />
      {message_('message')}
      <label className="choice">
        <input type="checkbox" checked={withQuote} onChange={(e) => setWithQuote(e.target.checked)} />
        Include a quote
      </label>
      {withQuote && (
        <fieldset className="quote-editor">
          <legend>Quote</legend>
          <QuoteItemsEditor
            items={items}
            onItems={setItems}
            preview={preview.items}
            errors={errors}
            fieldId={fieldId}
          />
          <p>
            Total: <strong>{formatMoney(preview.totalCents)}</strong>
          </p>
          <label htmlFor={fieldId('validUntil')}>Valid until</label>
          <input
            id={fieldId('validUntil')}
            type="date"
            value={validUntil}
            {...described('validUntil')}
            onChange={(e) => setValidUntil(e.target.value)}
          />
          {message_('validUntil')}
          <label htmlFor={fieldId('terms')}>Terms</label>
          <textarea
            id={fieldId('terms')}
            value={terms}
            rows={3}
            maxLength={QUOTE_LIMITS.terms}
            {...described('terms')}
            onChange={(e) => setTerms(e.target.value)}
          />
          {message_('terms')}
        </fieldset>
      )}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Sending…' : 'Send Response'}
      </button>
    </form>
  );
}

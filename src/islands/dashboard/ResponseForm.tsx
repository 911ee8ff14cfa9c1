// Respond to a lead: subject, message and an optional quote (items of description, quantity and
// rate). The amounts shown here are a preview; the server computes the stored ones in cents.
import { useId, useState, type SyntheticEvent } from 'react';
import { DASHBOARD_MESSAGES as M, QUOTE_LIMITS, quoteInCents } from '../../domain/dashboard-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import { ZLeadResponse } from '../../schemas/lead-response.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import { api } from '../shared/api.ts';
import QuoteItemsEditor, { type ItemDraft } from './QuoteItemsEditor.tsx';
import type { ChosenTemplate } from './TemplatesDialog.tsx';

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export default function ResponseForm(props: {
  distributionId: string;
  template: ChosenTemplate | null;
  onSent: () => Promise<void>;
}) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [withQuote, setWithQuote] = useState(false);
  const [items, setItems] = useState<ItemDraft[]>([{ description: '', quantity: '1', rate: '' }]);
  const [validUntil, setValidUntil] = useState(() => inDays(30));
  const [terms, setTerms] = useState('');
  const [busy, setBusy] = useState(false);

  // A template chosen in the header's dialog fills the form (once per choice).
  const [appliedTemplate, setAppliedTemplate] = useState(0);
  const template = props.template;
  if (template && template.seq !== appliedTemplate) {
    setAppliedTemplate(template.seq);
    setSubject(template.subject);
    setMessage(template.message);
  }

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
      const first = parsed.error.issues[0]?.message ?? M.missing;
      if (first === M.missing) pushError(M.missing, M.missingDetail);
      else if (first === M.quoteRequired) pushError(M.quoteRequired, M.quoteRequiredDetail);
      else pushError('Check the quote', first);
      return;
    }
    setBusy(true);
    const answer = await api('POST', `/api/contractor/leads/${props.distributionId}/responses`, parsed.data);
    setBusy(false);
    if (!answer.ok) {
      pushError(M.sendFailed, answer.body.error);
      return;
    }
    pushToast({ title: 'Response sent', description: 'The homeowner was e-mailed your response.' });
    setSubject('');
    setMessage('');
    setWithQuote(false);
    setItems([{ description: '', quantity: '1', rate: '' }]);
    setTerms('');
    await props.onSent();
  };

  return (
    <form className="response-form" onSubmit={(e) => void send(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Respond to this lead</h3>
      <label htmlFor={`${id}-subject`}>Subject</label>
      <input
        id={`${id}-subject`}
        value={subject}
        maxLength={QUOTE_LIMITS.subject}
        onChange={(e) => setSubject(e.target.value)}
      />
      <label htmlFor={`${id}-message`}>Message</label>
      <textarea
        id={`${id}-message`}
        value={message}
        rows={6}
        maxLength={QUOTE_LIMITS.message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <label className="choice">
        <input type="checkbox" checked={withQuote} onChange={(e) => setWithQuote(e.target.checked)} />
        Include a quote
      </label>
      {withQuote && (
        <fieldset className="quote-editor">
          <legend>Quote</legend>
          <QuoteItemsEditor items={items} onItems={setItems} preview={preview.items} />
          <p>
            Total: <strong>{formatMoney(preview.totalCents)}</strong>
          </p>
          <label>
            Valid until
            <input type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
          </label>
          <label>
            Terms
            <textarea
              value={terms}
              rows={3}
              maxLength={QUOTE_LIMITS.terms}
              onChange={(e) => setTerms(e.target.value)}
            />
          </label>
        </fieldset>
      )}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Sending…' : 'Send Response'}
      </button>
    </form>
  );
}

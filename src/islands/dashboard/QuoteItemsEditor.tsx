// A quote's line items: description, quantity and rate per line, the amount previewed; each
// control marked invalid with its message tied to it when the form refuses it.
import type { InputHTMLAttributes } from 'react';
import { QUOTE_LIMITS, type QuoteItemCents } from '../../domain/dashboard-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import type { FieldErrors } from './response-errors.ts';

export interface ItemDraft {
  description: string;
  quantity: string;
  rate: string;
}

export default function QuoteItemsEditor(props: {
  items: ItemDraft[];
  onItems: (items: ItemDraft[]) => void;
  preview: QuoteItemCents[];
  errors: FieldErrors;
  /** The element id of a field key ("items.0.rate"). */
  fieldId: (key: string) => string;
}) {
  const { items, onItems, errors, fieldId } = props;
  const set = (i: number, change: Partial<ItemDraft>) =>
    onItems(items.map((item, j) => (j === i ? { ...item, ...change } : item)));
  const listError = errors['items'];
  /** id, aria-invalid and aria-describedby of item i's `part`, and its message. */
  const control = (i: number, part: keyof ItemDraft) => {
    const key = `items.${i}.${part}`;
    const describedBy = [
      errors[key] ? `${fieldId(key)}-error` : null,
      i === 0 && part === 'description' && listError ? `${fieldId('items')}-error` : null,
    ].filter(Boolean);
    const attributes: InputHTMLAttributes<HTMLInputElement> = {
      id: fieldId(key),
      'aria-invalid': describedBy.length ? true : undefined,
      'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
    };
    const message = errors[key] ? (
      <span id={`${fieldId(key)}-error`} className="field-error">
        {errors[key]}
      </span>
    ) : null;
    return { attributes, message };
  };
  return (
    <>
      {listError && (
        <p id={`${fieldId('items')}-error`} className="field-error">
          {listError}
        </p>
      )}
      <ol className="quote-items">
        {items.map((item, i) => {
          const description = control(i, 'description');
          const quantity = control(i, 'quantity');
          const rate = control(i, 'rate');
          return (
            <li key={i}>
              <label>
                Item {i + 1} description
                <input
                  {...description.attributes}
                  value={item.description}
                  maxLength={QUOTE_LIMITS.description}
                  onChange={(e) => set(i, { description: e.target.value })}
                />
              </label>
              {description.message}
              <label>
                Item {i + 1} quantity
                <input
                  {...quantity.attributes}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="any"
                  value={item.quantity}
                  onChange={(e) => set(i, { quantity: e.target.value })}
                />
              </label>
              {quantity.message}
              <label>
                Item {i + 1} rate ($)
                <input
                  {...rate.attributes}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  value={item.rate}
                  onChange={(e) => set(i, { rate: e.target.value })}
                />
              </label>
              {rate.message}
              <p>Amount: {formatMoney(props.preview[i]?.amountCents ?? 0)}</p>
              {items.length > 1 && (
                <button
                  type="button"
                  className="link"
                  onClick={() => onItems(items.filter((_, j) => j !== i))}
                >
                  Remove item {i + 1}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {items.length < QUOTE_LIMITS.items && (
        <button
          type="button"
          className="btn secondary"
          onClick={() => onItems([...items, { description: '', quantity: '1', rate: '' }])}
        >
          Add item
        </button>
      )}
    </>
  );
}

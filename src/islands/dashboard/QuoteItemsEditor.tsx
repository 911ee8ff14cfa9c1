// A quote's line items: description, quantity and rate per line, the amount previewed.
import { QUOTE_LIMITS, type QuoteItemCents } from '../../domain/dashboard-rules.ts';
import { formatMoney } from '../../domain/money.ts';

export interface ItemDraft {
  description: string;
  quantity: string;
  rate: string;
}

export default function QuoteItemsEditor(props: {
  items: ItemDraft[];
  onItems: (items: ItemDraft[]) => void;
  preview: QuoteItemCents[];
}) {
  const { items, onItems } = props;
  const set = (i: number, change: Partial<ItemDraft>) =>
    onItems(items.map((item, j) => (j === i ? { ...item, ...change } : item)));
  return (
    <>
      <ol className="quote-items">
        {items.map((item, i) => (
          <li key={i}>
            <label>
              Item {i + 1} description
              <input
                value={item.description}
                maxLength={QUOTE_LIMITS.description}
                onChange={(e) => set(i, { description: e.target.value })}
              />
            </label>
            <label>
              Item {i + 1} quantity
              <input
                type="number"
                inputMode="decimal"
                min="0"
                step="any"
                value={item.quantity}
                onChange={(e) => set(i, { quantity: e.target.value })}
              />
            </label>
            <label>
              Item {i + 1} rate ($)
              <input
                type="number"
                inputMode="decimal"
                min="0"
                step="0.01"
                value={item.rate}
                onChange={(e) => set(i, { rate: e.target.value })}
              />
            </label>
            <p>Amount: {formatMoney(props.preview[i]?.amountCents ?? 0)}</p>
            {items.length > 1 && (
              <button type="button" className="link" onClick={() => onItems(items.filter((_, j) => j !== i))}>
                Remove item {i + 1}
              </button>
            )}
          </li>
        ))}
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

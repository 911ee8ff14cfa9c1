// Step 4: the budget, a preset that follows the service's typical price, "Not sure", or a range
// typed by hand.
import {
  BUDGET_NOT_SURE,
  BUDGET_NOT_SURE_LABEL,
  JOB_UNITS,
  budgetPresets,
  typicalJob,
} from '../../domain/budget-presets.ts';
import { formatBudget, formatPriceRange } from '../../domain/format.ts';
import { Choice, DraftInput } from './parts.tsx';
import type { ServiceChoice, StepProps } from './step-types.ts';

/** What the chosen service typically costs, as its page says, and what that means for a job. */
function typicalText(service: ServiceChoice): string | null {
  const price = service.price;
  const job = price ? typicalJob(price) : null;
  if (!price || !job) return null;
  const range = `${formatPriceRange(price.priceMinCents, price.priceMaxCents)} per ${price.priceUnit}`;
  if ((JOB_UNITS as readonly string[]).includes(price.priceUnit))
    return `${service.name} in the Dayton area typically costs ${range}.`;
  const size = `${price.typicalUnits!.toLocaleString('en-US')} ${price.priceUnit === 'hour' ? 'hours' : price.priceUnit.replace('foot', 'feet')}`;
  return `${service.name} in the Dayton area typically costs ${range}: about ${formatBudget(job.min, job.max)} for a typical job of ${size}.`;
}

export function BudgetStep({
  draft,
  errors,
  set,
  choose,
  service,
}: StepProps & { service?: ServiceChoice | undefined }) {
  const presets = budgetPresets(service?.price);
  const typical = service ? typicalText(service) : null;
  const notSure = draft.budgetMin.trim() === '0' && draft.budgetMax.trim() === '0';
  return (
    <>
      {typical && <p className="muted hint">{typical}</p>}
      <fieldset>
        <legend>Budget range</legend>
        <div className="choices">
          {presets.map((b) => (
            <Choice
              key={`${b.min}-${b.max}`}
              name="budget"
              chosen={draft.budgetMin === String(b.min) && draft.budgetMax === String(b.max)}
              onChoose={() => choose({ budgetMin: String(b.min), budgetMax: String(b.max) })}
            >
              {formatBudget(b.min, b.max)}
            </Choice>
          ))}
          <Choice
            name="budget"
            chosen={notSure}
            onChoose={() =>
              choose({ budgetMin: String(BUDGET_NOT_SURE.min), budgetMax: String(BUDGET_NOT_SURE.max) })
            }
          >
            {BUDGET_NOT_SURE_LABEL}
          </Choice>
        </div>
      </fieldset>
      <p className="muted hint">
        {notSure
          ? 'Not sure: the contractors will price the job with you. Or type your own range:'
          : 'Or type your own range:'}
      </p>
      <div className="row">
        <DraftInput
          label="Minimum budget ($)"
          field="budgetMin"
          value={draft.budgetMin}
          error={errors.budgetMin}
          onValue={(v) => set('budgetMin', v)}
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
        />
        <DraftInput
          label="Maximum budget ($)"
          field="budgetMax"
          value={draft.budgetMax}
          error={errors.budgetMax}
          onValue={(v) => set('budgetMax', v)}
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
        />
      </div>
    </>
  );
}

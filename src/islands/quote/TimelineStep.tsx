// Step 3: when the job is needed, one of the timelines.
import { TIMELINES } from '../../domain/quote-rules.ts';
import { Choice, FieldMessage, messageId } from './parts.tsx';
import type { StepProps } from './step-types.ts';

export function TimelineStep({ draft, errors, choose }: StepProps) {
  return (
    <fieldset aria-describedby={messageId('timeline', errors.timeline)}>
      <legend className="visually-hidden">Timeline</legend>
      <div className="choices">
        {TIMELINES.map((t) => (
          <Choice
            key={t.value}
            name="timeline"
            value={t.value}
            chosen={draft.timeline === t.value}
            invalid={Boolean(errors.timeline)}
            onChoose={() => choose({ timeline: t.value })}
          >
            <strong>{t.label}</strong> <span className="muted">{t.detail}</span>
          </Choice>
        ))}
      </div>
      <FieldMessage id="quote-timeline-error" text={errors.timeline} />
    </fieldset>
  );
}

// The service categories a contractor offers, from the catalog: at least one.
import type { CatalogService } from './types.ts';
import { FieldMessage, messageId } from './parts.tsx';

interface Props {
  services: readonly CatalogService[];
  chosen: readonly string[];
  error: string | undefined;
  onChange: (chosen: string[]) => void;
}

export default function ServicePicker({ services, chosen, error, onChange }: Props) {
  const toggle = (slug: string, on: boolean) =>
    onChange(on ? [...chosen, slug] : chosen.filter((s) => s !== slug));
  return (
    <fieldset
      className="signup-services"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? messageId('services') : undefined}
    >
      <legend>Service categories</legend>
      <div className="choices">
        {services.map((s) => (
          <label key={s.slug} className={`choice${chosen.includes(s.slug) ? ' chosen' : ''}`}>
            <input
              type="checkbox"
              name="services"
              value={s.slug}
              checked={chosen.includes(s.slug)}
              onChange={(e) => toggle(s.slug, e.currentTarget.checked)}
            />
            {s.name}
          </label>
        ))}
      </div>
      <FieldMessage field="services" text={error} />
    </fieldset>
  );
}

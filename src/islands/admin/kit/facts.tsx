// What an applicant, a claimant or a homeowner gave, as the admin reads it: formatted phones and
// addresses (with call and map links), names for services, words for every flag. Missing answers
// say "Not given" rather than leaving a gap.
import type { ReactNode } from 'react';
import { formatPhone, mapHref, phoneHref, plural } from '../../../domain/format.ts';

const NOT_GIVEN = <span className="muted">Not given</span>;

export function Phone(props: { value: string | null | undefined }) {
  if (!props.value) return NOT_GIVEN;
  return <a href={phoneHref(props.value)}>{formatPhone(props.value)}</a>;
}

export function Email(props: { value: string | null | undefined }) {
  if (!props.value) return NOT_GIVEN;
  return <a href={`mailto:${props.value}`}>{props.value}</a>;
}

export function Website(props: { value: string | null | undefined }) {
  if (!props.value) return NOT_GIVEN;
  return (
    <a href={props.value} rel="noopener noreferrer nofollow">
      {props.value.replace(/^https?:\/\//, '').replace(/\/$/, '')}
    </a>
  );
}

/** "12 Main St, Dayton, OH 45402", linked to a map. */
export function Address(props: {
  address: string | null | undefined;
  city: string | null | undefined;
  state?: string | null | undefined;
  zipCode: string | null | undefined;
}) {
  const place = [props.city, [props.state, props.zipCode].filter(Boolean).join(' ')].filter(Boolean);
  const text = [props.address, ...place].filter(Boolean).join(', ');
  if (!text) return NOT_GIVEN;
  return (
    <a href={mapHref(text)} rel="noopener noreferrer">
      {text}
    </a>
  );
}

export const list = (values: readonly string[] | null | undefined): ReactNode =>
  values?.length ? values.join(', ') : NOT_GIVEN;

export const years = (n: number | null | undefined): ReactNode =>
  n === null || n === undefined ? NOT_GIVEN : plural(n, 'year');

export const given = (value: string | number | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? NOT_GIVEN : String(value);

/** Label and value pairs, as a description list. */
export function Facts(props: { items: [string, ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {props.items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

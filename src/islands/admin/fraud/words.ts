// How the fraud queue names a request and a blocked detail in its headings, buttons and messages.
import { displayName, formatPhone } from '../../../domain/format.ts';
import { BLOCK_KIND_LABELS } from '../../../domain/fraud-rules.ts';
import type { BlockedIdentity, FraudLead } from '../../../schemas/admin-fraud.ts';

/** A service's name inside a sentence: "roofing", "water heater replacement", but "HVAC". */
export function serviceWords(service: string): string {
  return displayName(service)
    .split(' ')
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');
}

/** "roofing request from Ann Smith". */
export const requestTitle = (lead: Pick<FraudLead, 'service' | 'name'>): string =>
  `${serviceWords(lead.service)} request from ${lead.name}`;

/** A blocked detail as people read it: a phone formatted, anything else as stored. */
export const blockedValue = (block: Pick<BlockedIdentity, 'kind' | 'value'>): string =>
  block.kind === 'phone' ? formatPhone(block.value) : block.value;

/** "Phone (937) 253-4187". */
export const blockedName = (block: Pick<BlockedIdentity, 'kind' | 'value'>): string =>
  `${BLOCK_KIND_LABELS[block.kind]} ${blockedValue(block)}`;

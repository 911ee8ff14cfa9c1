// A contractor's lead is named by its distribution's id: anything that is not a UUID is answered
// as an unknown lead is (the same answer as another business's lead), before any query runs.
import { AppError } from '../../platform/errors.ts';
import { LEAD_NOT_FOUND } from '../leads-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assertDistributionId(id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return id;
}

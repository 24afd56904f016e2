import { AppError } from '../../../shared/rpc/errors';
import type { feFormMethods } from '../../../shared/rpc/methods/fe-form';
import { fieldErrorsOf, FeWithholdingTypes } from '../../fe-form/withholding-types';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function feFormHandlers(parts: CoreParts): Handlers<typeof feFormMethods> {
  const types = new FeWithholdingTypes(parts.store.db);
  return {
    'feForm.withholdingTypes': () => types.list(parts.connections.requireActive().id),
    'feForm.saveWithholdingTypes': ({ types: list }) => types.replace(parts.connections.requireActive().id, list),
    'feForm.submissionFieldErrors': ({ id }) => {
      const row = parts.submissions.ledger.get(id);
      if (!row || row.kind !== 'FE') throw new AppError('not_found', 'El envío no existe.');
      return row.state === 'failed' && row.http_status === 400 ? fieldErrorsOf(row.response_body) : [];
    },
  };
}

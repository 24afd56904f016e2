import type { feFormMethods } from '../../../shared/rpc/methods/fe-form';
import { FeWithholdingTypes } from '../../fe-form/withholding-types';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function feFormHandlers(parts: CoreParts): Handlers<typeof feFormMethods> {
  const types = new FeWithholdingTypes(parts.store.db);
  return {
    'feForm.withholdingTypes': () => types.list(parts.connections.requireActive().id),
    'feForm.saveWithholdingTypes': ({ types: list }) => types.replace(parts.connections.requireActive().id, list),
  };
}

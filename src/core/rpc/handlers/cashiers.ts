import type { cashierMethods } from '#shared/rpc/methods/cashiers';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function cashierHandlers({ cashiers }: CoreParts): Handlers<typeof cashierMethods> {
  return {
    'cashiers.state': () => cashiers.state(),
    'cashiers.createAdmin': ({ name, pin }) => cashiers.createAdmin(name, pin),
    'cashiers.create': (input) => cashiers.create(input),
    'cashiers.setActive': ({ id, active }) => cashiers.setActive(id, active),
    'cashiers.signIn': ({ pin }) => cashiers.signIn(pin),
    'cashiers.signOut': () => cashiers.signOut(),
    'cashiers.setSettings': (settings) => cashiers.setSettings(settings),
  };
}

// The in-memory SecretStore double (STYLE.md, model VS Code) for unit tests that do not test the keychain.
import type { SecretStore } from '#core/vault/vault';

export function memorySecrets(): SecretStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getPassword: async (service, account) => values.get(`${service}|${account}`) ?? null,
    setPassword: async (service, account, password) => {
      values.set(`${service}|${account}`, password);
    },
    deletePassword: async (service, account) => values.delete(`${service}|${account}`),
  };
}

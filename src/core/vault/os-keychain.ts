// The OS keychain behind the vault: macOS Keychain, Windows Credential Manager, the Secret Service
// (gnome-keyring, KWallet) on Linux, through @napi-rs/keyring. It replaced keytar, which is archived
// upstream and builds from source against libsecret's headers wherever its prebuilt binaries cannot
// be downloaded (docs/CLIENT-DECISIONS.md, "The keychain binding"). Its binaries are N-API and come from the
// npm registry, so one build serves Node (tests, CLI, web bridge) and Electron alike.
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import type { SecretStore } from './vault';

/**
 * On Linux the binding silently falls back to the kernel's keyutils keyring when no Secret Service
 * answers. That store forgets everything at reboot, so a token would vanish while submissions still
 * need it: the entry is pinned to the Secret Service, and its absence is an error the vault turns
 * into the Spanish "no keychain" message.
 */
const OPTIONS: EntryOptions | undefined = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;

function entry(service: string, account: string): AsyncEntry {
  return new AsyncEntry(service, account, OPTIONS);
}

export const osKeychain: SecretStore = {
  async getPassword(service, account) {
    return (await entry(service, account).getPassword()) ?? null;
  },
  async setPassword(service, account, password) {
    await entry(service, account).setPassword(password);
  },
  async deletePassword(service, account) {
    return entry(service, account).deletePassword();
  },
};

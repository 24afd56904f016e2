// SHA-384 as lowercase hex. src/shared may not import node:crypto (it also runs in the renderer),
// so the hash comes from @noble/hashes, a small audited pure-JS implementation.
import { sha384 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export function sha384Hex(text: string): string {
  return bytesToHex(sha384(utf8ToBytes(text)));
}

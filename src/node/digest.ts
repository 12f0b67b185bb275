/**
 * SHA-256 of a key with Node's native crypto: the same digest as the web-standard app's
 * default (`digestKey`, pure JS, for every runtime), several times faster, so the Node entry
 * point hands it to the app to check every presented key.
 */
import { hash } from 'node:crypto';

/** The SHA-256 digest of a key's UTF-8 bytes (32 bytes), with `node:crypto`. */
export function nativeDigestKey(key: string): Uint8Array {
  // The one-shot form (Node 20.12+): no Hash object per key, faster for short inputs.
  const digest = hash('sha256', key, 'buffer');
  // A plain Uint8Array view, as the web-standard digest gives (a Buffer compares unequal to one).
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
}

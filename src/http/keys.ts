/**
 * Subscription keys, held only as SHA-256 digests and compared in constant time.
 *
 * Web-standard only (no Node API): runs in Node, Deno, Bun and edge workers. A key given in
 * plain text is digested at once and the text is not kept; a presented key is digested and
 * compared with every stored digest, without stopping at the first match, so the time taken
 * says nothing about which key, or how much of one, matched.
 */
import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();
const DIGEST_BYTES = 32;
const HEX_DIGEST = /^[0-9a-f]{64}$/i;

/** The SHA-256 digest of a key's UTF-8 bytes. */
export function digestKey(key: string): Uint8Array {
  return sha256(encoder.encode(key));
}

/**
 * Whether two byte arrays are equal, in time that depends only on their length (which is
 * public: every digest is 32 bytes), never on where they first differ.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/** A digest given as 32 bytes or as 64 hexadecimal characters. */
export type KeyDigest = Uint8Array | string;

function toDigestBytes(digest: KeyDigest): Uint8Array {
  if (typeof digest !== 'string') {
    if (digest.length !== DIGEST_BYTES)
      throw new TypeError(`a key digest is ${DIGEST_BYTES} bytes (SHA-256), got ${digest.length}`);
    return Uint8Array.from(digest);
  }
  if (!HEX_DIGEST.test(digest))
    throw new TypeError('a key digest written as text is 64 hexadecimal characters (SHA-256)');
  const bytes = new Uint8Array(DIGEST_BYTES);
  for (let i = 0; i < DIGEST_BYTES; i += 1) bytes[i] = Number.parseInt(digest.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The set of accepted subscription keys, as digests. */
export class SubscriptionKeys {
  readonly #digests: readonly Uint8Array[];

  private constructor(digests: readonly Uint8Array[]) {
    this.#digests = Object.freeze(digests);
  }

  /** From keys in plain text (digested here; the text is not kept) and/or digests. Empty keys are refused. */
  static of(keys: readonly string[] = [], digests: readonly KeyDigest[] = []): SubscriptionKeys {
    const all: Uint8Array[] = [];
    for (const key of keys) {
      if (key.length === 0) throw new TypeError('a subscription key cannot be empty');
      all.push(digestKey(key));
    }
    for (const digest of digests) all.push(toDigestBytes(digest));
    return new SubscriptionKeys(all);
  }

  /** How many keys are accepted. */
  get size(): number {
    return this.#digests.length;
  }

  /** Whether a digest is among the accepted ones (every stored digest is compared, always). */
  acceptsDigest(digest: Uint8Array): boolean {
    let found = false;
    for (const stored of this.#digests) {
      // The comparison stands left of `||`, so it runs for every stored digest.
      found = constantTimeEqual(stored, digest) || found;
    }
    return found;
  }

  /** Whether a presented key is accepted. */
  accepts(key: string): boolean {
    return this.acceptsDigest(digestKey(key));
  }
}

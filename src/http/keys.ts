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

/**
 * The SHA-256 digest of a key's UTF-8 bytes: the form in which the service keeps and compares
 * keys. The same digest, written as 64 hex characters, can configure the service
 * (`keyDigests`) so the keys themselves are never stored in its configuration. Does not throw.
 *
 * @param key - The key as presented or configured.
 * @returns The 32-byte digest.
 * @example The same digest as Node's crypto module
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createHash } from 'node:crypto';
 * import { digestKey } from 'budgetnorm/http';
 *
 * const digest = digestKey('my subscription key');
 * assert.equal(digest.length, 32);
 * assert.equal(Buffer.from(digest).toString('hex'), createHash('sha256').update('my subscription key', 'utf8').digest('hex'));
 * ```
 */
export function digestKey(key: string): Uint8Array {
  return sha256(encoder.encode(key));
}

/**
 * Whether two byte arrays are equal, in time that depends only on their length (which is
 * public: every digest is 32 bytes), never on where they first differ, so the time a check
 * takes tells an attacker nothing about how much of a key matched. Does not throw.
 *
 * @param a - One byte array.
 * @param b - The other.
 * @returns True when both have the same length and the same bytes.
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { constantTimeEqual, digestKey } from 'budgetnorm/http';
 *
 * assert.equal(constantTimeEqual(digestKey('a'), digestKey('a')), true);
 * assert.equal(constantTimeEqual(digestKey('a'), digestKey('b')), false);
 * assert.equal(constantTimeEqual(new Uint8Array(2), new Uint8Array(3)), false);
 * ```
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/**
 * A key's SHA-256 digest, given as 32 bytes or as 64 hexadecimal characters (either case):
 * how {@link AppOptions.keyDigests} and {@link SubscriptionKeys.of} take keys without their text.
 *
 * @example Both forms of the same digest
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createHash } from 'node:crypto';
 * import { SubscriptionKeys, type KeyDigest } from 'budgetnorm/http';
 *
 * const hex: KeyDigest = createHash('sha256').update('my subscription key').digest('hex');
 * const bytes: KeyDigest = new Uint8Array(createHash('sha256').update('other key').digest());
 * const keys = SubscriptionKeys.of([], [hex, bytes]);
 * assert.equal(keys.accepts('my subscription key'), true);
 * assert.equal(keys.accepts('other key'), true);
 * ```
 */
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

/**
 * The set of accepted subscription keys, held only as SHA-256 digests and compared in constant
 * time: a key given as text is digested at once and the text is not kept, and a presented key
 * is compared with every stored digest, without stopping at the first match. {@link createApp}
 * makes one from its options; it is exported for a host that checks keys itself.
 *
 * @example Checking a presented key
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { SubscriptionKeys } from 'budgetnorm/http';
 *
 * const keys = SubscriptionKeys.of(['key-of-bank-a', 'key-of-bank-b']);
 * assert.equal(keys.size, 2);
 * assert.equal(keys.accepts('key-of-bank-b'), true);
 * assert.equal(keys.accepts('key-of-bank-c'), false);
 * ```
 */
export class SubscriptionKeys {
  readonly #digests: readonly Uint8Array[];
  readonly #digest: (key: string) => Uint8Array;

  private constructor(digests: readonly Uint8Array[], digest: (key: string) => Uint8Array) {
    this.#digests = Object.freeze(digests);
    this.#digest = digest;
  }

  /**
   * Makes the set from keys in plain text (digested here; the text is not kept) and/or digests.
   *
   * @param keys - Keys as text; none may be empty.
   * @param digests - Keys as SHA-256 digests: 32 bytes, or 64 hexadecimal characters.
   * @param digest - The SHA-256 of a key's UTF-8 bytes (default {@link digestKey}, pure JS; a
   *   host may hand in its platform's native one, e.g. `node:crypto`'s, which is faster).
   * @returns The set of all of them (duplicates do no harm).
   * @throws `TypeError` when a key is empty or a digest is not 32 bytes or 64 hexadecimal
   *   characters: a misconfigured service should not start.
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { SubscriptionKeys } from 'budgetnorm/http';
   *
   * assert.equal(SubscriptionKeys.of(['one'], ['ab'.repeat(32)]).size, 2);
   * assert.throws(() => SubscriptionKeys.of(['']), TypeError);
   * assert.throws(() => SubscriptionKeys.of([], ['not hex']), TypeError);
   * ```
   */
  static of(
    keys: readonly string[] = [],
    digests: readonly KeyDigest[] = [],
    digest: (key: string) => Uint8Array = digestKey,
  ): SubscriptionKeys {
    const all: Uint8Array[] = [];
    for (const key of keys) {
      if (key.length === 0) throw new TypeError('a subscription key cannot be empty');
      all.push(digest(key));
    }
    for (const given of digests) all.push(toDigestBytes(given));
    return new SubscriptionKeys(all, digest);
  }

  /**
   * How many keys are accepted (a service with none refuses to start).
   *
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { SubscriptionKeys } from 'budgetnorm/http';
   *
   * assert.equal(SubscriptionKeys.of().size, 0);
   * ```
   */
  get size(): number {
    return this.#digests.length;
  }

  /**
   * Whether a digest is among the accepted ones. Every stored digest is compared, always, so
   * the time taken does not say which key matched. Does not throw.
   *
   * @param digest - The digest of a presented key ({@link digestKey}).
   * @returns True when it is accepted.
   * @example Digest once, check many times
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { digestKey, SubscriptionKeys } from 'budgetnorm/http';
   *
   * const keys = SubscriptionKeys.of(['key-of-bank-a']);
   * const presented = digestKey('key-of-bank-a');
   * assert.equal(keys.acceptsDigest(presented), true);
   * assert.equal(keys.acceptsDigest(digestKey('key-of-bank-z')), false);
   * ```
   */
  acceptsDigest(digest: Uint8Array): boolean {
    let found = false;
    for (const stored of this.#digests) {
      // The comparison stands left of `||`, so it runs for every stored digest.
      found = constantTimeEqual(stored, digest) || found;
    }
    return found;
  }

  /**
   * Whether a presented key is accepted: its digest, checked as by
   * {@link SubscriptionKeys.acceptsDigest}. Does not throw.
   *
   * @param key - The key as presented (header or query parameter).
   * @returns True when it is accepted.
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { SubscriptionKeys } from 'budgetnorm/http';
   *
   * const keys = SubscriptionKeys.of(['key-of-bank-a']);
   * assert.equal(keys.accepts('key-of-bank-a'), true);
   * assert.equal(keys.accepts('KEY-OF-BANK-A'), false); // keys are compared exactly
   * ```
   */
  accepts(key: string): boolean {
    return this.acceptsDigest(this.#digest(key));
  }
}

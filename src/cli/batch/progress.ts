/**
 * The progress line on stderr (only when it is a terminal): records done, rate, share of the
 * input read and the time left, redrawn at most five times a second.
 */
import type { Writable } from 'node:stream';

/**
 * A count rounded to a whole number, with thousands separators (`1,234,567`): what
 * `toLocaleString('en-US')` writes, without it for any safe integer. The first number a process
 * formats with Intl sets up ICU, 26-42 ms on the 2-core machine of 2026-11-27, and every batch
 * paid that for its summary line, after its records were done.
 *
 * @example
 * ```ts
 * formatCount(1234567.4); // '1,234,567'
 * ```
 */
export function formatCount(n: number): string {
  const whole = Math.round(n);
  if (!Number.isSafeInteger(whole)) return whole.toLocaleString('en-US');
  // A comma before each group of three digits that ends the number; -0 as toLocaleString writes it.
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 || Object.is(whole, -0) ? `-${grouped}` : grouped;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export class Progress {
  private last = 0;
  private drawn = false;
  private readonly started = performance.now();

  constructor(
    private readonly stream: Writable,
    private readonly enabled: boolean,
    /** Input size in bytes, when known (a file): gives the share done and the time left. */
    private readonly totalBytes: number | undefined,
  ) {}

  update(records: number, bytesDone: number, force = false): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (!force && now - this.last < 200) return;
    this.last = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? records / seconds : 0;
    const parts = [`${formatCount(records)} records`, `${formatCount(rate)}/s`];
    if (this.totalBytes !== undefined && this.totalBytes > 0) {
      const share = Math.min(1, bytesDone / this.totalBytes);
      const filled = Math.round(share * 24);
      parts.push(`[${'#'.repeat(filled)}${'.'.repeat(24 - filled)}] ${(share * 100).toFixed(0).padStart(3)}%`);
      if (share > 0 && share < 1) parts.push(`ETA ${formatDuration((seconds / share) * (1 - share))}`);
    }
    this.stream.write(`\r\x1b[K${parts.join('  ')}`);
    this.drawn = true;
  }

  /** Clears the line, so the summary starts clean. */
  finish(): void {
    if (this.enabled && this.drawn) this.stream.write('\r\x1b[K');
  }
}

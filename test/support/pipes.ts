/**
 * Named pipes opened non-blocking, for tests of writers against a pipe that fills up, takes
 * part of a write and answers EAGAIN, or whose reader is gone (EPIPE).
 */
import { execFileSync } from 'node:child_process';
import { constants, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

let made = 0;

/** A named pipe made in `dir`, both ends non-blocking: a write that does not fit is taken in part, or meets EAGAIN. */
export function namedPipe(dir: string): { path: string; reader: number; writer: number } {
  const path = join(dir, `pipe-${process.pid}-${made++}`);
  execFileSync('mkfifo', [path]);
  // The reader first: opening the writing end without one fails (ENXIO).
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  return { path, reader, writer };
}

/** What the pipe holds now, read without waiting. */
export function readAvailable(fd: number): Buffer {
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(64 * 1024);
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
      throw error;
    }
    if (read === 0) break;
    chunks.push(Buffer.from(chunk.subarray(0, read)));
  }
  return Buffer.concat(chunks);
}

/** Fills the pipe until it takes no more (4 KiB writes are whole or refused); the bytes it took. */
export function fill(fd: number): number {
  const block = Buffer.alloc(4096, 'x');
  let taken = 0;
  for (;;) {
    try {
      taken += writeSync(fd, block);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return taken;
      throw error;
    }
  }
}

/** A slow reader: what the pipe holds, every 5 ms, until `bytes` have come (or 10 s have passed). */
export async function readSlowly(fd: number, bytes: number): Promise<Buffer> {
  const received: Buffer[] = [];
  let length = 0;
  for (const started = Date.now(); length < bytes && Date.now() - started < 10_000; ) {
    await sleep(5);
    const chunk = readAvailable(fd);
    received.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(received);
}

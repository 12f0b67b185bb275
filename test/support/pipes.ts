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

/** What the pipe holds now, read without waiting; `ended` once every writer has closed it. */
function readNow(fd: number): { data: Buffer; ended: boolean } {
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(64 * 1024);
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return { data: Buffer.concat(chunks), ended: false };
      throw error;
    }
    if (read === 0) return { data: Buffer.concat(chunks), ended: true };
    chunks.push(Buffer.from(chunk.subarray(0, read)));
  }
}

/** What the pipe holds now, read without waiting. */
export function readAvailable(fd: number): Buffer {
  return readNow(fd).data;
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

/**
 * A slow reader: what the pipe holds, every 5 ms, until `bytes` have come or every writer has
 * closed it. No deadline: on a busy machine the writer may take long; a test's ceiling ends a hang.
 */
export async function readSlowly(fd: number, bytes: number): Promise<Buffer> {
  const received: Buffer[] = [];
  let length = 0;
  for (let ended = false; length < bytes && !ended; ) {
    await sleep(5);
    const now = readNow(fd);
    received.push(now.data);
    length += now.data.length;
    ended = now.ended;
  }
  return Buffer.concat(received);
}

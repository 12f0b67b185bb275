/**
 * The process's own input and output as the CLI uses them (src/cli/io.ts): standard output
 * written to its descriptor without a stream (issue 14's cold start), and what a failed write
 * becomes.
 */
import { closeSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeIo, WriteError, writeAllToFd, writeOut, type CliIo } from '../../src/cli/io.js';
import { fill, namedPipe, readSlowly } from '../support/pipes.js';

const DIR = mkdtempSync(join(tmpdir(), 'cli-io-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('writeAllToFd', () => {
  it('writes all of a text larger than a pipe to a full non-blocking pipe, in order, as the reader drains it', async () => {
    const pipe = namedPipe(DIR);
    try {
      const filled = fill(pipe.writer);
      const text = Array.from({ length: 40_000 }, (_, i) => `${i} één\n`).join('');
      const bytes = Buffer.byteLength(text);
      expect(bytes).toBeGreaterThan(4 * filled);
      let written = false;
      const writing = writeAllToFd(pipe.writer, text).then(() => {
        written = true;
      });
      const received = await readSlowly(pipe.reader, filled + bytes);
      await writing;
      expect(written).toBe(true);
      expect(received.length).toBe(filled + bytes);
      expect(received.subarray(filled).toString('utf8')).toBe(text);
    } finally {
      closeSync(pipe.reader);
      closeSync(pipe.writer);
    }
  });

  it('rejects with the error of a pipe whose reader is gone (EPIPE)', async () => {
    const pipe = namedPipe(DIR);
    closeSync(pipe.reader);
    try {
      await expect(writeAllToFd(pipe.writer, 'x\n')).rejects.toMatchObject({ code: 'EPIPE' });
    } finally {
      closeSync(pipe.writer);
    }
  });
});

describe('writeOut', () => {
  /** An io of streams, as the in-process tests have, with `writeStdout` as given. */
  function io(writeStdout?: (text: string) => Promise<void>): CliIo & { stdout: PassThrough } {
    const stdout = new PassThrough();
    return {
      stdin: new PassThrough(),
      stdout,
      stderr: new PassThrough(),
      cwd: DIR,
      stderrIsTTY: false,
      stdoutIsTTY: false,
      ...(writeStdout === undefined ? {} : { writeStdout }),
    };
  }

  it('writes to the stdout stream when the io has no writeStdout', async () => {
    const streams = io();
    await writeOut(streams, 'to the stream\n');
    expect(streams.stdout.read()?.toString()).toBe('to the stream\n');
  });

  it('writes by writeStdout when the io has it, and nothing to the stream', async () => {
    const taken: string[] = [];
    const streams = io(async (text) => {
      taken.push(text);
    });
    await writeOut(streams, 'by the descriptor\n');
    expect(taken).toEqual(['by the descriptor\n']);
    expect(streams.stdout.read()).toBeNull();
  });

  it("makes a failed writeStdout a WriteError of the io's stdout, which the CLI names standard output", async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const streams = io(() => Promise.reject(full));
    const error = await writeOut(streams, 'lost\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteError);
    expect((error as WriteError).stream).toBe(streams.stdout);
    expect((error as WriteError).cause).toBe(full);
    expect((error as WriteError).message).toBe('no space left on the device');
  });
});

describe('nodeIo', () => {
  it("makes the process's streams only when asked for, and writes standard output by descriptor but on Windows", () => {
    const io = nodeIo();
    for (const name of ['stdin', 'stdout', 'stderr', 'stdoutIsTTY', 'stderrIsTTY'] as const)
      expect(Object.getOwnPropertyDescriptor(io, name)?.get, name).toBeTypeOf('function');
    expect(io.writeStdout === undefined).toBe(process.platform === 'win32');
  });
});

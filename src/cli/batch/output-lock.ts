/**
 * One batch at a time per output file: a second run writing the same `--out` or `--errors`
 * would interleave its records with the first one's and both would exit 0 (issue 42). Each
 * output is locked by a file `<output>.lock`, created exclusively and holding the writer's
 * process id, removed when the run ends (also after SIGINT or SIGTERM, which a batch finishes
 * cleanly); one left by a run killed outright names its dead process and how to clear it.
 */
import { closeSync, linkSync, openSync, readFileSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { EXIT } from '../exit-codes.js';
import { CliError, describeFsError } from '../io.js';
import { fileIdentity, wouldBePath } from './same-file.js';

/** Whether a process with this id runs (on this machine). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** Why the lock is taken: a running writer, or one that died and left its lock. */
function lockedError(lockPath: string, shownAs: string): CliError {
  let text = '';
  try {
    text = readFileSync(lockPath, 'utf8').trim();
  } catch {
    // Removed in between, or unreadable: said as an unknown writer.
  }
  const pid = /^\d+$/.test(text) ? Number(text) : undefined;
  if (pid !== undefined && !isRunning(pid))
    return new CliError(
      EXIT.busy,
      `${shownAs} is locked by ${lockPath}, left by process ${pid}, which no longer runs (a batch killed outright?); if no other batch writes ${shownAs}, remove ${lockPath} and run again (add --resume to continue that run)`,
    );
  const who = pid === undefined ? 'another batch' : `another batch (process ${pid})`;
  return new CliError(
    EXIT.busy,
    `${shownAs} is being written by ${who}: two runs would mix their records; wait for it to end or write to another file (the lock is ${lockPath})`,
  );
}

/**
 * Creates `lockPath` holding this process's id, or throws EEXIST: written aside and linked in
 * place, so no other run ever reads it empty; where hard links are not supported, created
 * exclusively and then written.
 */
function createWithPid(lockPath: string): void {
  const temporary = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(temporary, `${process.pid}\n`);
  try {
    linkSync(temporary, lockPath);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    const fd = openSync(lockPath, 'wx');
    try {
      writeSync(fd, `${process.pid}\n`);
    } catch (writeError) {
      // A lock that could not say whose it is would refuse every later run: it goes.
      closeSync(fd);
      rmSync(lockPath, { force: true });
      throw writeError;
    }
    closeSync(fd);
  } finally {
    rmSync(temporary, { force: true });
  }
}

export class OutputLocks {
  private readonly held: string[] = [];
  private readonly onExit = (): void => this.release();

  /**
   * Locks every regular file among `outputs` (absolute paths; standard output, a device or a
   * pipe is not locked), or none: exit 6 when another run holds one.
   */
  static acquire(outputs: readonly { readonly path: string; readonly shownAs: string }[]): OutputLocks {
    const locks = new OutputLocks();
    process.once('exit', locks.onExit);
    try {
      for (const { path, shownAs } of outputs) locks.lock(path, shownAs);
    } catch (error) {
      locks.release();
      throw error;
    }
    return locks;
  }

  private lock(path: string, shownAs: string): void {
    const identity = fileIdentity(path);
    // An existing file that is not a regular file (/dev/null, a FIFO) is not locked.
    if (identity === undefined) return;
    const lockPath = `${wouldBePath(path)}.lock`;
    if (this.held.includes(lockPath)) return;
    try {
      createWithPid(lockPath);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EEXIST') throw lockedError(lockPath, shownAs);
      // No such folder (or /proc): opening the output itself fails next, and says why.
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw new CliError(
        EXIT.io,
        `cannot write ${shownAs}: its lock ${lockPath} cannot be created: ${describeFsError(error)} (a batch locks its output so that no second run writes it at the same time)`,
      );
    }
    this.held.push(lockPath);
  }

  /** Removes the locks this run holds; safe to call twice. */
  release(): void {
    process.removeListener('exit', this.onExit);
    for (const lockPath of this.held.splice(0)) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Removed by hand already: nothing left to release.
      }
    }
  }
}

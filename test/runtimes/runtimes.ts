/**
 * The JavaScript runtimes of `npm run test:runtimes`, each from the npm registry as a
 * devDependency with its platform binary (deno, bun, workerd), beside the Node running the
 * tests and Debian's Chromium (test/browser/chromium.ts). Nothing here downloads anything:
 * a missing binary fails at once and says which package to install.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './project.js';

/** A runtime that runs an ES module file as a program: Node, Deno, Bun. */
export type ScriptRuntime = 'node' | 'deno' | 'bun';

function binary(name: 'deno' | 'bun' | 'workerd'): string {
  const path = join(ROOT, 'node_modules', '.bin', name);
  if (!existsSync(path))
    throw new Error(`${path} is missing: the npm package "${name}" (a devDependency) is not installed; run npm ci`);
  return path;
}

/** Deno's cache in the scratch project (removed with it), and no prompt, update check or lock file. */
const denoEnv = (dir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DENO_DIR: join(dir, '.deno-dir'),
  DENO_NO_UPDATE_CHECK: '1',
  DENO_NO_PROMPT: '1',
  NO_COLOR: '1',
});

/** How each runtime runs a module file of the project folder `dir`, with the least permissions it needs. */
export function scriptCommand(
  runtime: ScriptRuntime,
  dir: string,
  file: string,
): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  switch (runtime) {
    case 'node':
      return { command: process.execPath, args: [file], env: process.env };
    case 'deno':
      // Only the network (to listen on loopback) and the environment: no file access at all.
      return {
        command: binary('deno'),
        args: ['run', '--no-lock', '--cached-only', '--allow-net=127.0.0.1', '--allow-env', file],
        env: denoEnv(dir),
      };
    case 'bun':
      // --no-install: never fetch a package that node_modules lacks.
      return { command: binary('bun'), args: ['--no-install', file], env: { ...process.env, NO_COLOR: '1' } };
  }
}

/** The version each runtime reports (`deno --version` and the like). */
export function runtimeVersion(runtime: ScriptRuntime | 'workerd'): string {
  if (runtime === 'node') return process.version.replace(/^v/, '');
  const out = spawnSync(binary(runtime), ['--version'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${runtime} --version failed: ${out.stderr}`);
  const version = /(\d+\.\d+\.\d+|\d{4}-\d{2}-\d{2})/.exec(out.stdout)?.[1];
  if (version === undefined) throw new Error(`${runtime} --version printed no version: ${out.stdout}`);
  if (runtime !== 'workerd') return version;
  // workerd names itself by its date; the npm package's version says which release it is.
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'workerd', 'package.json'), 'utf8')) as {
    version: string;
  };
  return `${pkg.version} (${version})`;
}

/** Runs a module to its end; returns what it printed and the wall time from spawn to exit. */
export function runScript(
  runtime: ScriptRuntime,
  dir: string,
  file: string,
): Promise<{ stdout: string; stderr: string; ms: number }> {
  const { command, args, env } = scriptCommand(runtime, dir, file);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`${runtime} ${file} ended with ${code ?? signal}:\n${stderr}${stdout}`.trim()));
      else resolve({ stdout, stderr, ms });
    });
  });
}

/** A server process on a loopback port, with the time it took from spawn to its first answer. */
export interface RunningServer {
  readonly url: string;
  /** `performance.now()` just before the process was spawned. */
  readonly spawnedAt: number;
  readonly process: ChildProcess;
  /** Output so far (stdout and stderr), for a failure message. */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves with how it ended: an exit code, or the signal that ended it. */
  stop(): Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
}

/**
 * Spawns a server and waits for its port: `findPort` reads it from the output (a JSON line, a
 * control file descriptor's line); fails after 30 s or when the process exits first.
 */
export function startServer(
  command: string,
  args: readonly string[],
  options: {
    readonly cwd: string;
    readonly env: NodeJS.ProcessEnv;
    /** Where the port is announced: the process's stdout, or file descriptor 3 (workerd's --control-fd). */
    readonly announcedOn: 'stdout' | 'fd3';
    readonly findPort: (line: string) => number | undefined;
  },
): Promise<RunningServer> {
  const spawnedAt = performance.now();
  const child = spawn(command, [...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.announcedOn === 'fd3' ? (['pipe'] as const) : [])],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async (): Promise<{ code: number | null; signal: NodeJS.Signals | null }> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  const announcements = (options.announcedOn === 'fd3' ? child.stdio[3] : child.stdout) as NodeJS.ReadableStream;
  return new Promise((resolve, reject) => {
    let pending = '';
    const fail = (why: string): void => {
      void stop();
      reject(new Error(`${command} ${args.join(' ')}: ${why}\n${output}`.trim()));
    };
    const timer = setTimeout(() => fail('no port announced within 30 s'), 30_000);

    child.once('error', (error) => fail(error.message));
    const exitedEarly = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(`exited (${code ?? signal}) before it listened`);
    child.once('exit', exitedEarly);
    announcements.setEncoding('utf8');
    announcements.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const port = options.findPort(line);
        if (port === undefined) continue;
        clearTimeout(timer);
        child.off('exit', exitedEarly);
        resolve({ url: `http://127.0.0.1:${port}`, spawnedAt, process: child, output: () => output, stop });
        return;
      }
    });
  });
}

/** The port in a JSON line `{"port": N}` or `{"event":"listen",…,"port":N}`; undefined for any other line. */
export function portOfJsonLine(line: string): number | undefined {
  try {
    const value = JSON.parse(line) as { port?: unknown; url?: unknown; event?: unknown };
    if (typeof value.port === 'number') return value.port;
    if (value.event === 'listening' && typeof value.url === 'string') return Number(new URL(value.url).port);
  } catch {
    return undefined;
  }
  return undefined;
}

/** workerd's configuration (Cap'n Proto text) for one Worker module on 127.0.0.1, any free port. */
export function workerdConfig(options: {
  readonly moduleFile: string;
  readonly compatibilityDate: string;
  /** Text bindings (`env.NAME`): variables. */
  readonly text?: Readonly<Record<string, string>>;
  /** Bindings read from workerd's own environment: how secrets reach it without a file. */
  readonly fromEnvironment?: readonly string[];
}): string {
  const bindings = [
    ...Object.entries(options.text ?? {}).map(
      ([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`,
    ),
    ...(options.fromEnvironment ?? []).map(
      (name) => `(name = ${JSON.stringify(name)}, fromEnvironment = ${JSON.stringify(name)})`,
    ),
  ];
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    'const config :Workerd.Config = (',
    '  services = [ (name = "main", worker = .budgetnorm) ],',
    '  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],',
    ');',
    'const budgetnorm :Workerd.Worker = (',
    `  modules = [ (name = "worker.js", esModule = embed ${JSON.stringify(options.moduleFile)}) ],`,
    `  compatibilityDate = ${JSON.stringify(options.compatibilityDate)},`,
    `  bindings = [ ${bindings.join(', ')} ],`,
    ');',
    '',
  ].join('\n');
}

/** Starts workerd serving a config file of the folder; the port comes from its control descriptor. */
export function startWorkerd(dir: string, configFile: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return startServer(binary('workerd'), ['serve', configFile, '--control-fd=3'], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    announcedOn: 'fd3',
    findPort: portOfJsonLine,
  });
}

/** Writes a file into a folder and returns its name (for the commands that take it). */
export function writeInto(dir: string, name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

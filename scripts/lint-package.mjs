/**
 * `npm run lint:package`: the package as npm would publish it, linted by publint and by
 * Are the Types Wrong (attw), and the service's OpenAPI document (as the built package serves
 * it) linted by Redocly with its recommended rules. Builds, packs the tarball into a temporary folder and lints
 * that tarball, not the working tree, so a file missing from `files` is found too.
 * Exits non-zero on any finding: publint's errors, warnings and suggestions alike (strict),
 * attw's problems under the `esm-only` profile (why that profile: docs/package.md), Redocly's
 * errors and warnings alike.
 *
 * `node scripts/lint-package.mjs some.tgz` lints that tarball instead (a release downloaded
 * with `npm pack budgetnorm@x.y.z`, or a tarball altered to see the lint fail).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { build, formatBytes, pack, ROOT } from './lib/pack.mjs';

/**
 * attw resolutions the package does not support, with the reason (docs/package.md):
 * - node10: TypeScript's `moduleResolution: node10` ignores `exports`, so it cannot see
 *   `budgetnorm/node` or `budgetnorm/http`; it is deprecated and no supported setting needs it.
 * - node16-cjs: attw models `module: node16`, where TypeScript refuses a `require` of ESM. The
 *   package is ESM-only; CommonJS on Node >= 20.19 requires it as ESM, which TypeScript
 *   models with `module: nodenext` (5.8+): the consumer fixture type-checks exactly that.
 */
const IGNORED_RESOLUTIONS = ['node10', 'node16-cjs'];
/** The entry points attw must have checked: every subpath of `exports` with code. */
const ENTRYPOINTS = ['.', './node', './http', './worker'];

const failures = [];
const temp = mkdtempSync(join(tmpdir(), 'budgetnorm-lint-package-'));
try {
  let tarball = process.argv[2];
  if (tarball === undefined) {
    console.log('> npm run build');
    build();
    const packed = pack(temp);
    tarball = packed.tarball;
    const { report } = packed;
    console.log(
      `\npacked ${report.filename}: ${report.entryCount} files, ${formatBytes(report.size)} packed, ${formatBytes(report.unpackedSize)} unpacked\n`,
    );
    // tsc never deletes: the output of a source since removed or renamed would be published.
    // `npm run build` empties dist/ first; this catches a given tarball built another way.
    for (const { path } of report.files) {
      // dist/advisor/ is bundled by scripts/build-advisor.ts, dist/chunks/ holds the parts that
      // scripts/bundle.mjs splits out of the entry points: neither is compiled file by file.
      const stem = /^dist\/(?!advisor\/|chunks\/)(.+?)(?:\.d\.ts|\.js)$/.exec(path)?.[1];
      if (stem !== undefined && !existsSync(join(ROOT, 'src', `${stem}.ts`)))
        failures.push(`${path} has no source src/${stem}.ts: an old build's output (delete dist/ and build again)`);
    }
  } else console.log(`linting ${tarball}\n`);

  // publint on the tarball: every level, warnings as errors. No finding is ignored.
  const bytes = readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: 'suggestion',
    strict: true,
  });
  if (messages.length === 0) console.log('publint: no errors, warnings or suggestions');
  for (const message of messages) {
    const text = formatMessage(message, pkg, { color: false }) ?? message.code;
    console.log(`publint ${message.type} ${message.code}: ${text}`);
    failures.push(`publint ${message.type} ${message.code}`);
  }

  // attw: the human table (its exit code counts), then the JSON to check what it checked.
  const attw = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'attw.cmd' : 'attw');
  const common = [tarball, '--profile', 'esm-only', '--no-definitely-typed', '--no-color', '--no-emoji'];
  console.log('\n> attw <tarball> --profile esm-only');
  const table = spawnSync(attw, common, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (table.status !== 0) failures.push(`attw exited with ${table.status ?? table.signal}`);
  const json = spawnSync(attw, [...common, '--format', 'json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  const { analysis } = JSON.parse(json.stdout);
  // attw passes a package without types; this one must ship them.
  if (analysis.types?.kind !== 'included') failures.push(`attw: the types are not in the tarball (${analysis.types})`);
  for (const entrypoint of ENTRYPOINTS) {
    if (!(entrypoint in analysis.entrypoints)) failures.push(`attw did not check the entry point ${entrypoint}`);
  }
  const counted = analysis.problems.filter((p) => !IGNORED_RESOLUTIONS.includes(p.resolutionKind));
  for (const problem of counted)
    failures.push(`attw ${problem.kind} at ${problem.entrypoint} (${problem.resolutionKind})`);

  // Redocly: the OpenAPI document the built service serves, recommended rules, warnings fail.
  const { openApiDocument } = await import(pathToFileURL(join(ROOT, 'dist', 'http', 'index.js')).href);
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const documentPath = join(temp, 'openapi.json');
  writeFileSync(documentPath, JSON.stringify(openApiDocument({ version }), null, 2));
  const redocly = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'redocly.cmd' : 'redocly');
  const redoclyArgs = ['lint', documentPath, '--extends', 'recommended'];
  // No telemetry or update check: CI reaches no network but the package registry.
  const redoclyEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  console.log('\n> redocly lint openapi.json --extends recommended');
  const lint = spawnSync(redocly, [...redoclyArgs, '--format', 'json'], {
    encoding: 'utf8',
    env: redoclyEnv,
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  const totals = lint.stdout.trim() === '' ? undefined : JSON.parse(lint.stdout).totals;
  if (totals === undefined)
    failures.push(`redocly lint gave no report (exit ${lint.status ?? lint.signal}): ${lint.stderr}`);
  else if (totals.errors + totals.warnings > 0) {
    spawnSync(redocly, redoclyArgs, { stdio: 'inherit', env: redoclyEnv, shell: process.platform === 'win32' });
    failures.push(`redocly lint: ${totals.errors} errors, ${totals.warnings} warnings in the OpenAPI document`);
  } else console.log('redocly: no errors or warnings');
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  rmSync(temp, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\nlint:package FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(
    '\nlint:package: publint and attw (esm-only profile) found nothing in the packed tarball, Redocly nothing in its OpenAPI document',
  );
}

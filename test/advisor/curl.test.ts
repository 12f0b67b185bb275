/**
 * The texts to copy: the body as JSON, and a curl command that a POSIX shell turns into exactly
 * the request the page would send (checked by running it through `sh` with a stand-in curl
 * that prints the arguments it got).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/advisor/api.js';
import { curlCommand, jsonText, KEY_VARIABLE, shellQuote } from '../../src/advisor/curl.js';

const fakeBin = mkdtempSync(join(tmpdir(), 'budgetnorm-fake-curl-'));
writeFileSync(join(fakeBin, 'curl'), '#!/bin/sh\nprintf \'%s\\0\' "$@"\n');
chmodSync(join(fakeBin, 'curl'), 0o755);
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

/** The arguments curl would get when a shell runs the command. */
function argumentsOf(command: string, key: string): string[] {
  const out = execFileSync('sh', ['-c', command], {
    env: { PATH: `${fakeBin}:/usr/bin:/bin`, [KEY_VARIABLE]: key },
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

const BASE = 'http://127.0.0.1:8080/';
const BODY = {
  LeeftijdHoofdpersoon: 45,
  HeeftPartner: false,
  AantalThuiswonendeKinderen: 0,
  AantalAutos: 0,
  NettoBesteedbaarInkomenPerMaand: 2400,
  BijzondereUitgaven: {},
  Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
};

describe('the curl command', () => {
  it('reads as documented', () => {
    expect(curlCommand({ base: BASE, operation: 'afloscapaciteit', ruleSetId: 'nl-2026' }, BODY)).toBe(
      [
        "curl -sS -X POST 'http://127.0.0.1:8080/Afloscapaciteit/Resultaat?rekenregels=nl-2026' \\",
        '  -H "Ocp-Apim-Subscription-Key: $BUDGETNORM_KEY" \\',
        "  -H 'Content-Type: application/json' \\",
        `  --data-binary '${JSON.stringify(BODY)}'`,
      ].join('\n'),
    );
  });

  it.each([
    ['the README household', BODY],
    [
      'a text with quotes, a backslash, a dollar and a newline',
      { Naam: 'O\'Brien "x" \\ $HOME `ls`\n', Hoofdpersonen: [{}] },
    ],
  ])('gives curl exactly the body, the URL and the key from the shell variable: %s', (_name, body) => {
    const command = curlCommand(
      { base: 'http://localhost:3000/', operation: 'pensioenuitgaven', ruleSetId: 'nl-2025' },
      body,
    );
    expect(argumentsOf(command, 'my key')).toEqual([
      '-sS',
      '-X',
      'POST',
      'http://localhost:3000/pensioenuitgaven/Resultaat?rekenregels=nl-2025',
      '-H',
      'Ocp-Apim-Subscription-Key: my key',
      '-H',
      'Content-Type: application/json',
      '--data-binary',
      JSON.stringify(body),
    ]);
  });

  it('quotes for the shell', () => {
    expect(shellQuote('plain')).toBe("'plain'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });

  it('adds the explanation to the API URL only when asked, under a base with a path', () => {
    const request = { base: 'https://example.nl/budget/', operation: 'afloscapaciteit', ruleSetId: 'nl-2026' } as const;
    expect(apiUrl({ ...request, explain: false })).toBe(
      'https://example.nl/budget/Afloscapaciteit/Resultaat?rekenregels=nl-2026',
    );
    expect(apiUrl({ ...request, explain: true })).toBe(
      'https://example.nl/budget/Afloscapaciteit/Resultaat?rekenregels=nl-2026&uitleg=true',
    );
  });
});

describe('the JSON text', () => {
  it('is the body, indented by two spaces', () => {
    expect(jsonText(BODY)).toBe(JSON.stringify(BODY, null, 2));
    expect(JSON.parse(jsonText(BODY))).toEqual(BODY);
  });
});

// A floor for `npm run bench:http`: Hono on @hono/node-server (the stack the service runs on)
// with one route that parses the body and answers the same object as the bare server, and
// nothing else: no key, no checks, no calculation, no log.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { reportUsageToBench } from './server-usage.mjs';

const result = (income: number) => ({
  Afloscapaciteit: Math.max(0, income - 3000),
  NettoBesteedbaarInkomenPerMaand: income,
  Posten: [
    'Levensonderhoud',
    'Woonlasten',
    'Autokosten',
    'KostenZorg',
    'KostenPartnerAlimentatie',
    'KostenKinderAlimentatie',
    'KostenKinderOpvang',
    'KostenOverigeAflossingen',
  ].map((Code, i) => ({
    Code,
    Omschrijving: `Omschrijving van de post ${Code} (zoals de regels haar noemen)`,
    Bedrag: i * 100,
  })),
  TotaalLasten: 3000,
  Tekort: 0,
  Rekenregels: { Id: 'nl-2026', GeldigVanaf: '2026-01-01', GeldigTot: '2026-12-31', Hash: 'c'.repeat(64) },
  Meldingen: [],
});

const app = new Hono();
app.post('/Afloscapaciteit/Resultaat', async (c) => {
  const body = (await c.req.json()) as { NettoBesteedbaarInkomenPerMaand?: unknown };
  const income = typeof body.NettoBesteedbaarInkomenPerMaand === 'number' ? body.NettoBesteedbaarInkomenPerMaand : 0;
  return new Response(JSON.stringify(result(income)), { headers: { 'Content-Type': 'application/json' } });
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
  process.send?.({ port: info.port }),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// The bench asks for this process's CPU time and GC pauses before and after each load.
reportUsageToBench();

// The baseline of `npm run bench:http`: a bare node:http server that reads the body, parses
// it as JSON, and answers a JSON object of about the size of a repayment-capacity result.
// No routing, no key, no validation, no calculation, no log: what HTTP and JSON alone cost.
import { createServer } from 'node:http';
import { reportUsageToBench } from './server-usage.mjs';

const posts = [
  ['Levensonderhoud', 'Kosten van levensonderhoud (norm, zonder wonen en auto)'],
  ['Woonlasten', 'Woonlasten (huur en servicekosten, of bruto hypotheeklasten en VvE)'],
  ['Autokosten', 'Autokosten (norm per auto)'],
  ['KostenZorg', 'Bijzondere uitgaven: zorgkosten'],
  ['KostenPartnerAlimentatie', 'Bijzondere uitgaven: partneralimentatie'],
  ['KostenKinderAlimentatie', 'Bijzondere uitgaven: kinderalimentatie'],
  ['KostenKinderOpvang', 'Bijzondere uitgaven: kinderopvang'],
  ['KostenOverigeAflossingen', 'Bijzondere uitgaven: lopende aflossingen'],
];

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"invalid JSON"}');
      return;
    }
    const income = typeof body?.NettoBesteedbaarInkomenPerMaand === 'number' ? body.NettoBesteedbaarInkomenPerMaand : 0;
    // The shape of a repayment-capacity result since issue 16 (two measures per post, the
    // maximum and its totals, the rule set's status and its notice): about its size in bytes.
    const result = {
      Afloscapaciteit: Math.max(0, income - 3000),
      MaximaleAfloscapaciteit: Math.max(0, income - 2800),
      NettoBesteedbaarInkomenPerMaand: income,
      Posten: posts.map(([Code, Omschrijving], i) => ({ Code, Omschrijving, Bedrag: i * 100, Minimaal: i * 90 })),
      TotaalLasten: 3000,
      TotaalMinimaleLasten: 2800,
      Tekort: 0,
      MinimaalTekort: 0,
      Rekenregels: {
        Id: 'nl-2026',
        GeldigVanaf: '2026-01-01',
        GeldigTot: '2026-12-31',
        Hash: 'c'.repeat(64),
        Status: 'draft',
      },
      Meldingen: [
        {
          Code: 'RekenregelsNietVastgesteld',
          Tekst: 'De rekenregels nl-2026 zijn een concept (status draft): nog niet beoordeeld en vastgesteld.',
        },
      ],
    };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result));
  });
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// The bench asks for this process's CPU time and GC pauses before and after each load.
reportUsageToBench();

// What a server under `npm run bench:http` reports of itself: the bench asks (message 'cpu')
// before and after each load and divides by the requests answered. Shared by every server the
// bench starts, so that all are measured the same way.
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Answers the bench's 'cpu' message with this process's CPU time so far (user + system, all
 * threads, µs) and the time its main thread has spent paused in garbage collection so far (ms,
 * from V8's gc entries: the pauses only, not the work of V8's helper threads).
 */
export function reportUsageToBench() {
  let gcPauseMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauseMs += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), gcPauseMs });
  });
}

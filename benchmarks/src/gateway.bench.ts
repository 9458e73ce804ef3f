import { INTERNAL_TOKEN_HEADER } from '@crm/kit';
import { startSystem } from '@crm/all-in-one';
import { apiCaller, formatFigures, loadOptionsFromEnv, measure, type Figures } from './load';
import { runBenchmark } from './benchmark-run';

// The request path through the gateway against calling the owning service directly with an
// internal token the gateway minted, in the same run, so the ratio is the gateway's own cost
// (authentication through identity over gRPC, the internal JWT, proxying). The system runs
// here as `npm start` runs it; the load comes from autocannon in a separate process, so the
// client never competes with the server for this event loop.
const LOAD = loadOptionsFromEnv();
const API_KEYS = 25;

runBenchmark('gateway', async ({ dataDir, stopAtEnd }) => {
  // Limits high enough never to trip: the limiter's cost is measured, not its refusals.
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  // As `npm start` runs it: the gateway on its own thread.
  const system = stopAtEnd(
    await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited, gatewayThread: true }),
  );
  const call = apiCaller(system.url);
  const { token } = await call('POST', '/auth/sign-up', {
    email: 'bench@example.com',
    password: 'correct horse battery',
    name: 'Bench',
  });
  await call('POST', '/onboarding', { workspace_name: 'Bench' }, token);
  // Clients of an API are mostly integrations: the load authenticates with an API key.
  let apiKey = '';
  for (let index = 0; index < API_KEYS; index += 1) {
    apiKey = (await call('POST', '/api-keys', { name: `Bench key ${index}`, kind: 'integration' }, token)).key;
  }

  // Capture the internal token the gateway forwards for a caller, to call identity directly.
  let internalToken = '';
  system.services.identity.httpServer.prependListener('request', (req) => {
    const value = req.headers[INTERNAL_TOKEN_HEADER];
    if (typeof value === 'string') internalToken = value;
  });
  const direct = `http://127.0.0.1:${system.services.identity.httpPort}/v1`;
  // Integrations read with API keys; managing keys is for an admin's session.
  const scenarios = [
    { path: '/me', label: 'GET /v1/me (API key)', bearer: apiKey },
    { path: '/api-keys', label: `GET /v1/api-keys, ${API_KEYS} keys (owner's session)`, bearer: token },
  ];
  const rows: Array<[string, Figures, Figures]> = [];
  for (const scenario of scenarios) {
    await call('GET', scenario.path, undefined, scenario.bearer);
    const internal = { [INTERNAL_TOKEN_HEADER]: internalToken };
    const viaService = await measure(`${direct}${scenario.path}`, internal, LOAD);
    const viaGateway = await measure(
      `${system.url}${scenario.path}`,
      { authorization: `Bearer ${scenario.bearer}` },
      LOAD,
    );
    rows.push([scenario.label, viaGateway, viaService]);
  }

  console.log(
    `${LOAD.connections} connections, ${LOAD.seconds} s each after ${LOAD.warmupSeconds} s warm-up; ` +
      `load from autocannon in a separate process; npm start system in this process, whose CPU time per request is shown`,
  );
  for (const [label, viaGateway, viaService] of rows) {
    console.log(label);
    console.log(`  through the gateway  ${formatFigures(viaGateway)}`);
    console.log(`  identity directly    ${formatFigures(viaService)}`);
    console.log(`  gateway / direct throughput ratio ${(viaGateway.perSecond / viaService.perSecond).toFixed(2)}`);
    console.log(
      `  the gateway hop's CPU time ${(viaGateway.cpuMsPerRequest - viaService.cpuMsPerRequest).toFixed(3)} ms/request`,
    );
  }
  const [me, keys] = rows;
  console.log(
    `/api-keys against /me through the gateway: ${(keys[1].perSecond / me[1].perSecond).toFixed(2)} (throughput), ` +
      `${(keys[1].cpuMsPerRequest / me[1].cpuMsPerRequest).toFixed(2)} (CPU time per request)`,
  );
});

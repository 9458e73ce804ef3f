'use strict';
// Whether a container engine answers, and the one line said when none does. Plain CommonJS: the
// jest configuration reads it to decide whether the container suite runs at all, and the suite's
// TypeScript uses it through container-engine.d.ts.
const { request } = require('node:http');

// The one at `dockerHost` (a Docker API address, unix:///path or tcp://host:port), or else the one
// testcontainers finds (DOCKER_HOST, ~/.testcontainers.properties, the usual sockets), within
// `timeoutMs`. A docker CLI without a daemon is no engine.
async function probeContainerEngine(options = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const engine = options.dockerHost === undefined ? discovered() : ping(options.dockerHost);
    return { available: true, engine: await Promise.race([engine, timeout]) };
  } catch (error) {
    return { available: false, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function discovered() {
  const { getContainerRuntimeClient } = require('testcontainers');
  const client = await getContainerRuntimeClient();
  return client.info.containerRuntime.host;
}

// GET /_ping of the Docker API (Podman answers it too).
function ping(dockerHost) {
  const address = new URL(dockerHost);
  const target =
    address.protocol === 'unix:'
      ? { socketPath: address.pathname }
      : { host: address.hostname, port: Number(address.port || 2375) };
  return new Promise((resolve, reject) => {
    const asked = request({ ...target, path: '/_ping', method: 'GET' }, (answer) => {
      answer.resume();
      if (answer.statusCode === 200) resolve(dockerHost);
      else reject(new Error(`${dockerHost} answered ${answer.statusCode ?? 'nothing'} to /_ping`));
    });
    asked.on('error', reject);
    asked.end();
  });
}

function skipLine(probe) {
  return `Container suite skipped: no container engine answered (${probe.reason}); the store, search index and bus contracts ran on the embedded implementations only.`;
}

module.exports = { probeContainerEngine, skipLine };

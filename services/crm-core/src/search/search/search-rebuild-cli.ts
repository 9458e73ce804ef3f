#!/usr/bin/env node
// Operator command that rebuilds crm-core's search from scratch (see USAGE):
//   node services/crm-core/dist/search/search/search-rebuild-cli.js [--workspace <id>]
import { runSearchRebuildCli } from './search-rebuild-command';

runSearchRebuildCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${JSON.stringify({ error: { code: 'internal', message: String(error) } })}\n`);
    process.exitCode = 1;
  },
);

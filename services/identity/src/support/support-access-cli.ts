#!/usr/bin/env node
// Operator command for staff support access (see USAGE):
//   node services/identity/dist/support/support-access-cli.js grant --workspace acme --staff ann@crm.example --mode read --hours 4
import { runSupportAccessCli } from './support-access-command';

runSupportAccessCli(process.argv.slice(2), process.env, {
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

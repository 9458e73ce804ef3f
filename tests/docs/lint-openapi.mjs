// Lints an OpenAPI document file with Redocly's recommended rules and the Spectral ruleset of
// openapi-ruleset.mjs, from the packages alone (no network): `node tests/docs/lint-openapi.mjs
// openapi.json`. Prints {redocly: [...], spectral: [...]} as JSON, one entry per problem;
// tests/docs/openapi-lint.test.ts runs it on the document the system serves.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import { ruleset } from './openapi-ruleset.mjs';

const SPECTRAL_SEVERITIES = ['error', 'warn', 'info', 'hint'];

const file = resolve(process.argv[2]);
const source = readFileSync(file, 'utf8');

const config = await createConfig({ extends: ['recommended'] });
const redocly = (await lintFromString({ source, absoluteRef: file, config })).map((problem) => ({
  rule: problem.ruleId,
  severity: problem.severity,
  where: problem.location[0]?.pointer,
  message: problem.message,
}));

const spectral = new spectralCore.Spectral();
spectral.setRuleset(ruleset);
const results = await spectral.run(new spectralCore.Document(source, parsers.Json, file));
const owasp = results.map((result) => ({
  rule: result.code,
  severity: SPECTRAL_SEVERITIES[result.severity],
  where: result.path.join('/'),
  message: result.message,
}));

process.stdout.write(JSON.stringify({ redocly, spectral: owasp }));

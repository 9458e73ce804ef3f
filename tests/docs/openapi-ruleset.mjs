// The Spectral ruleset the OpenAPI document is linted with (tests/docs/openapi-lint.test.ts): the
// OWASP API Security ruleset (@stoplight/spectral-owasp-ruleset), loaded from its package (no
// network), with these documented departures, each narrower than turning a rule off:
//
// 1. Size and shape rules (string, array and integer limits and formats) apply to what a client
//    sends: request bodies and parameters. Answers and webhook payloads are written by the server
//    itself, so an unbounded string there cannot exhaust it; their fields carry the limits the
//    server enforced when it accepted them where it has them.
// 2. Operations that declare `security: []` are public by design (sign-in, sign-up, mailed links,
//    signed file URLs, public web forms, the payment provider's signed webhooks): each says in its
//    description what protects it. The write-restricted rule still refuses any other operation
//    without a security requirement.
// 3. A path parameter of such a public operation may be the capability itself (the token of a
//    mailed, single-use, expiring link such as /public/password-resets/{token}). Query parameters,
//    and path parameters of every authenticated operation, are still checked for credentials.
// 4. CORS headers are not declared on every answer: the API is called from servers and sends no
//    CORS headers, except the public web form posts, which allow any origin. Declaring
//    Access-Control-Allow-Origin everywhere would describe an API that does not exist.
import owaspModule from '@stoplight/spectral-owasp-ruleset';

const owasp = owaspModule.default ?? owaspModule;

// Where what a client sends lives: request bodies and parameters (with the components they use:
// Spectral follows $refs and reports the component's own location).
const INPUT_ROOTS = ['$.paths[*][*].requestBody', '$.paths[*][*].parameters[*]', '$.components.parameters[*]'];

function inputsOfType(type) {
  const filters = [
    `@ && @.type=="${type}"`,
    `@ && @.type && @.type.constructor.name === "Array" && @.type.includes("${type}")`,
  ];
  return INPUT_ROOTS.flatMap((root) => filters.map((filter) => `${root}..[?(${filter})]`));
}

const onInputs = (name, type) => ({ ...owasp.rules[name], given: inputsOfType(type) });

const isPublic = (operation) => Array.isArray(operation?.security) && operation.security.length === 0;

// The OWASP security check, minus the operations declared public.
function exceptPublic(name) {
  const rule = owasp.rules[name];
  const [then] = rule.then;
  const check = then.function;
  return {
    ...rule,
    then: {
      ...then,
      function: (input, options, context) =>
        (check(input, options, context) ?? []).filter((result) => {
          const [, path, method] = result.path;
          return !isPublic(input.paths?.[path]?.[method]);
        }),
    },
  };
}

export const ruleset = {
  extends: [[owasp, 'all']],
  rules: {
    'owasp:api4:2023-string-limit': onInputs('owasp:api4:2023-string-limit', 'string'),
    'owasp:api4:2023-string-restricted': onInputs('owasp:api4:2023-string-restricted', 'string'),
    'owasp:api4:2023-array-limit': onInputs('owasp:api4:2023-array-limit', 'array'),
    'owasp:api4:2023-integer-limit': onInputs('owasp:api4:2023-integer-limit', 'integer'),
    'owasp:api4:2023-integer-format': onInputs('owasp:api4:2023-integer-format', 'integer'),
    'owasp:api2:2023-write-restricted': exceptPublic('owasp:api2:2023-write-restricted'),
    'owasp:api2:2023-read-restricted': exceptPublic('owasp:api2:2023-read-restricted'),
    'owasp:api2:2023-no-credentials-in-url': {
      ...owasp.rules['owasp:api2:2023-no-credentials-in-url'],
      given: [
        '$.paths[*][*].parameters[?(@ && @.in && @.in.match(/query/))].name',
        '$.paths[*][?(@ && !(@.security && @.security.length === 0))].parameters[?(@ && @.in && @.in.match(/path/))].name',
        '$.components.parameters[?(@ && @.in && @.in.match(/query|path/))].name',
      ],
    },
    'owasp:api8:2023-define-cors-origin': 'off',
  },
};

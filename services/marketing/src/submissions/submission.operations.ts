import { declareOperation, Named, Nullable, SingleLine, Strict, Text, Type } from '@crm/kit';

const ON = ['on', 'yes', 'true', '1'];

// A browser's form sends every field as text, and empty inputs as empty text: those are absent.
function prepareSubmission(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    fields[name] = typeof value === 'string' && name !== 'message' ? value.trim() : value;
  }
  if (typeof fields.consent === 'string') fields.consent = ON.includes(fields.consent.toLowerCase());
  return fields;
}

export const submitWebForm = declareOperation({
  method: 'POST',
  path: '/public/forms/{key}',
  summary: 'Submit a web form (public)',
  description: [
    "A web form's action_url: no token. Accepts application/x-www-form-urlencoded (the embedded HTML form) and JSON (a site's own script, from any origin: CORS).",
    'Refused when the form is disabled (409 web_form_disabled) or consent is required and not given (400); email is required and checked; at most FORM_SUBMISSIONS_PER_ADDRESS submissions per email address and form per window (429).',
    'A filled honeypot (website) is answered like a good submission and dropped. A good one is kept at once and becomes a lead shortly after (company and contact created or matched in crm-core, campaign credited, a form touchpoint, the owner notified), even if crm-core is briefly down.',
    'A browser posting the form is sent to redirect_url (303) or shown a short thank-you page; JSON callers get this body.',
  ].join('\n\n'),
  access: 'public',
  formBody: true,
  cors: true,
  params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
  query: Type.Object({
    utm_campaign: Type.Optional(
      Type.String({ maxLength: 200, description: "The page's utm_campaign, when the form was posted without it." }),
    ),
  }),
  body: Named(
    'WebFormSubmission',
    Strict({
      company: Type.Optional(SingleLine({ maxLength: 200 })),
      first_name: Type.Optional(SingleLine({ maxLength: 100 })),
      last_name: Type.Optional(SingleLine({ maxLength: 100 })),
      email: Type.Optional(SingleLine({ maxLength: 254 })),
      phone: Type.Optional(SingleLine({ maxLength: 40 })),
      job_title: Type.Optional(SingleLine({ maxLength: 150 })),
      message: Type.Optional(Text({ maxLength: 5000 })),
      consent: Type.Optional(Type.Boolean()),
      utm_campaign: Type.Optional(SingleLine({ maxLength: 200 })),
      website: Type.Optional(Type.String({ maxLength: 2000, description: 'The honeypot: people leave it empty.' })),
    }),
  ),
  prepare: prepareSubmission,
  status: 200,
  response: Named('WebFormSubmitted', Strict({ received: Type.Boolean(), redirect_url: Nullable(Type.String()) })),
  errors: [404, 409],
});

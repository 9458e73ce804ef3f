import type { WebFormField, WebFormRecord } from './web-form.model';

// The ready HTML a site pastes in: one labelled input per chosen field, the consent checkbox with
// its text, a honeypot that people never see (bots fill it, and the submission is then dropped),
// and a hidden utm_campaign that a tiny script fills from the page's own query string. Every
// value that comes from the form's settings is escaped.

export const HONEYPOT_FIELD = 'website';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

interface FieldSpec {
  label: string;
  type: string;
  autocomplete: string;
  maxLength: number;
}

export const FIELD_SPECS: Readonly<Record<WebFormField, FieldSpec>> = {
  company: { label: 'Company', type: 'text', autocomplete: 'organization', maxLength: 200 },
  first_name: { label: 'First name', type: 'text', autocomplete: 'given-name', maxLength: 100 },
  last_name: { label: 'Last name', type: 'text', autocomplete: 'family-name', maxLength: 100 },
  email: { label: 'Email', type: 'email', autocomplete: 'email', maxLength: 254 },
  phone: { label: 'Phone', type: 'tel', autocomplete: 'tel', maxLength: 40 },
  job_title: { label: 'Job title', type: 'text', autocomplete: 'organization-title', maxLength: 150 },
  message: { label: 'Message', type: 'textarea', autocomplete: 'off', maxLength: 5000 },
};

function fieldHtml(prefix: string, field: WebFormField): string {
  const spec = FIELD_SPECS[field];
  const id = `${prefix}-${field}`;
  const required = field === 'email' ? ' required aria-required="true"' : '';
  const input =
    spec.type === 'textarea'
      ? `<textarea id="${id}" name="${field}" rows="4" maxlength="${spec.maxLength}"></textarea>`
      : `<input id="${id}" name="${field}" type="${spec.type}" autocomplete="${spec.autocomplete}" maxlength="${spec.maxLength}"${required}>`;
  return `  <p><label for="${id}">${escapeHtml(spec.label)}${field === 'email' ? ' <span aria-hidden="true">*</span>' : ''}</label><br>\n  ${input}</p>`;
}

export function embedHtml(
  form: Pick<WebFormRecord, 'name' | 'public_key' | 'fields' | 'require_consent' | 'consent_text'>,
  actionUrl: string,
): string {
  const prefix = `crm-form-${form.public_key.slice(-8).replace(/[^A-Za-z0-9]/g, 'x')}`;
  const consent =
    form.consent_text === null && !form.require_consent
      ? ''
      : `  <p><input id="${prefix}-consent" name="consent" type="checkbox" value="yes"${form.require_consent ? ' required aria-required="true"' : ''}>\n  <label for="${prefix}-consent">${escapeHtml(form.consent_text ?? '')}</label></p>\n`;
  return [
    `<form action="${escapeHtml(actionUrl)}" method="post" accept-charset="utf-8" aria-label="${escapeHtml(form.name)}">`,
    ...form.fields.map((field) => fieldHtml(prefix, field)),
    consent.trimEnd(),
    `  <div style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden" aria-hidden="true">`,
    `  <label for="${prefix}-${HONEYPOT_FIELD}">Leave this field empty</label>`,
    `  <input id="${prefix}-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>`,
    `  <input id="${prefix}-utm" name="utm_campaign" type="hidden" value="">`,
    `  <p><button type="submit">Send</button></p>`,
    `</form>`,
    `<script>(function(){var u=new URLSearchParams(window.location.search).get("utm_campaign");if(u){document.getElementById(${JSON.stringify(`${prefix}-utm`)}).value=u;}})();</script>`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}

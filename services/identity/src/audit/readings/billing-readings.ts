import {
  subscriptionCheckoutStarted,
  subscriptionComplimentaryEnded,
  subscriptionEnded,
  subscriptionStarted,
  subscriptionUpdated,
  type EventData,
} from '@crm/protos';
import { reads } from './audit-reading';
import { stringsIn, text } from './audit-text';

// How the audit log reads billing's events (protos/events/billing-events.ts).

const planTitle = (data: EventData) => (text(data, 'plan') === 'standard' ? 'Standard' : 'Free');

const objectName = (data: EventData) => `${planTitle(data)} plan`;

const intervalWord = (data: EventData) => (text(data, 'interval') === 'year' ? 'yearly' : 'monthly');

function startedSummary(data: EventData): string {
  const trialEnd = text(data, 'trial_end');
  const first = trialEnd ? `, first payment on ${trialEnd.slice(0, 10)}` : '';
  return `Subscribed to the Standard plan (${intervalWord(data)}${first})`;
}

function updatedSummary(data: EventData): string {
  const changes = stringsIn(data.changes);
  const parts: string[] = [];
  if (changes.includes('cancel_at_period_end')) {
    parts.push(data.cancel_at_period_end === true ? 'set to end at the close of the period' : 'renewal resumed');
  }
  if (changes.includes('status')) parts.push(`status ${text(data, 'status') ?? ''}`);
  if (changes.includes('interval')) parts.push(`billed ${intervalWord(data)}`);
  if (changes.includes('seats')) parts.push(`${String(data.seats)} seats`);
  if (changes.includes('plan')) parts.push(`now on the ${planTitle(data)} plan`);
  return parts.length > 0 ? `Subscription updated: ${parts.join(', ')}` : 'Subscription updated';
}

export const BILLING_READINGS = [
  reads(subscriptionCheckoutStarted, {
    source: 'admin',
    objectName,
    summary: (data) =>
      `Started checkout for the Standard plan (${text(data, 'checkout_interval') === 'year' ? 'yearly' : 'monthly'})`,
  }),
  reads(subscriptionStarted, { source: 'admin', objectName, summary: startedSummary }),
  reads(subscriptionUpdated, { source: 'admin', objectName, summary: updatedSummary }),
  reads(subscriptionEnded, {
    source: 'admin',
    objectName,
    summary: (data) => `Subscription ended; the workspace is on the ${planTitle(data)} plan`,
  }),
  reads(subscriptionComplimentaryEnded, {
    source: 'admin',
    objectName,
    summary: 'Complimentary Standard period ended; the workspace is on the Free plan',
  }),
];

import { CrmCalls, type CrmOptions } from './client';
import { Companies, Contacts, Deals, Events } from './resources';

// The API client: every typed call of CrmCalls, and shortcuts for what integrations do most.
export class Crm extends CrmCalls {
  readonly companies: Companies = new Companies(this);
  readonly contacts: Contacts = new Contacts(this);
  readonly deals: Deals = new Deals(this);
  readonly events: Events;

  constructor(options: CrmOptions) {
    super(options);
    this.events = new Events(this, this.sleep);
  }
}

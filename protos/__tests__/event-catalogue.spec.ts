import {
  EVENT_CONTRACTS,
  eventCatalogueSchemas,
  eventCatalogueWebhooks,
  eventDataSchema,
  eventSchemaName,
  eventTypeMatches,
  isPublicEventType,
  patternNamesPublicEvents,
  publicEventContracts,
} from '../index';

describe('the public event catalogue', () => {
  it('lists workspace events and leaves out credentials, sessions and internal steps', () => {
    const types = publicEventContracts(EVENT_CONTRACTS).map((contract) => contract.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'crm.company.created',
        'crm.deal.updated',
        'crm.contact.erased',
        'identity.member.added',
        'marketing.web_form.submitted',
      ]),
    );
    for (const hidden of [
      'identity.api_key.created',
      'identity.session.started',
      'identity.user.password_changed',
      'identity.invitation.created',
      'identity.support_access.granted',
      'crm.calendar_connection.connected',
      'crm.task.reminded',
      'crm.export.created',
      'webhooks.webhook.created',
    ]) {
      expect({ hidden, public: isPublicEventType(hidden) }).toEqual({ hidden, public: false });
      expect(types).not.toContain(hidden);
    }
  });

  it('gives each public type its versioned payload schema, with no secret-looking field at any depth', () => {
    const webhooks = eventCatalogueWebhooks(EVENT_CONTRACTS);
    expect(Object.keys(webhooks)).toEqual(publicEventContracts(EVENT_CONTRACTS).map((contract) => contract.type));
    const entry = webhooks['crm.company.created'] as { post: Record<string, any> };
    expect(entry.post['x-event-schema-version']).toBe(1);
    expect(entry.post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CompanyCreatedEvent',
    });
    const body = eventCatalogueSchemas(EVENT_CONTRACTS).CompanyCreatedEvent as Record<string, any>;
    expect(body.required).toEqual(['type', 'timestamp', 'data']);
    expect(body.properties.type.const).toBe('crm.company.created');
    expect(body.properties.data).toEqual({ $ref: '#/components/schemas/CompanyCreatedData' });
    const payload = eventDataSchema(EVENT_CONTRACTS.get('crm.company.created')!) as Record<string, any>;
    expect(payload.title).toBe('CompanyCreatedData');
    expect(payload.properties.company_id).toBeDefined();
    const fields: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (record.properties && typeof record.properties === 'object') fields.push(...Object.keys(record.properties));
        Object.values(record).forEach(walk);
      }
    };
    walk(publicEventContracts(EVENT_CONTRACTS).map(eventDataSchema));
    expect(fields.filter((field) => /(^|_)(token|digest|password|hash|secret|key)$/.test(field))).toEqual([]);
  });

  it("names each public type's schemas uniquely without its context", () => {
    const names = publicEventContracts(EVENT_CONTRACTS).map((contract) => eventSchemaName(contract.type));
    expect(new Set(names).size).toBe(names.length);
    expect(eventSchemaName('marketing.web_form.submitted')).toBe('WebFormSubmitted');
  });

  it('matches filters by exact type, entity or context pattern, or everything', () => {
    expect(eventTypeMatches('*', 'crm.deal.updated')).toBe(true);
    expect(eventTypeMatches('crm.deal.*', 'crm.deal.updated')).toBe(true);
    expect(eventTypeMatches('crm.*', 'crm.deal.updated')).toBe(true);
    expect(eventTypeMatches('crm.deal.*', 'crm.deals.updated')).toBe(false);
    expect(eventTypeMatches('crm.deal.created', 'crm.deal.updated')).toBe(false);
    expect(patternNamesPublicEvents(EVENT_CONTRACTS, 'identity.api_key.*')).toBe(false);
    expect(patternNamesPublicEvents(EVENT_CONTRACTS, 'crm.deal.*')).toBe(true);
  });
});

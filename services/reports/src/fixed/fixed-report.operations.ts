import { DateOnly, declareOperation, ListOf, Named, Nullable, Strict, StringEnum, Type, Uuid } from '@crm/kit';
import { needs, standard } from '@crm/protos';

// The fixed reports: pipeline, summary, marketing (Standard plan, from the matrix) and sales.

const StageCount = Named(
  'ReportStageCount',
  Strict({
    stage_id: Nullable(Uuid()),
    stage: Type.String({ description: 'The stage name; "No stage" for companies without one.' }),
    kind: Nullable(Type.String({ description: 'open, won, lost or account; null for no stage' })),
    companies: Type.Integer({ minimum: 0 }),
  }),
);

export const pipelineReport = declareOperation({
  method: 'GET',
  path: '/reports/pipeline',
  access: needs('companies:read'),
  cost: 5,
  summary: 'Companies per stage of the default company pipeline',
  description: 'In pipeline order, then a row with stage_id null for companies without a stage.',
  status: 200,
  response: Named('PipelineReport', ListOf(StageCount)),
});

const Money = (description?: string) => Type.Number({ description: description ?? 'Major units, workspace currency.' });
const OtherMoney = Type.Array(
  Strict({ currency: Type.String(), amount: Type.Number(), deals: Type.Integer({ minimum: 0 }) }),
);

export const summaryReport = declareOperation({
  method: 'GET',
  path: '/reports/summary',
  access: needs('companies:read'),
  cost: 5,
  summary: 'Summary of companies, deals and tasks',
  description:
    "by_stage over pipeline_id (default: the default company pipeline); with pipeline_id, every company figure counts that pipeline's companies only. added_by_month has exactly 12 entries, the current month (workspace time zone) last.",
  query: Type.Object({ pipeline_id: Type.Optional(Uuid()) }),
  status: 200,
  errors: [404],
  response: Named(
    'SummaryReport',
    Strict({
      by_stage: Type.Array(StageCount),
      by_owner: Type.Array(
        Strict({
          owner_id: Nullable(Uuid()),
          owner_name: Nullable(Type.String()),
          companies: Type.Integer({ minimum: 0 }),
        }),
      ),
      by_source: Type.Array(
        Strict({
          source_id: Nullable(Uuid()),
          source: Nullable(Type.String()),
          companies: Type.Integer({ minimum: 0 }),
        }),
      ),
      added_by_month: Type.Array(
        Strict({ month: Type.String({ description: 'YYYY-MM' }), companies: Type.Integer({ minimum: 0 }) }),
        { minItems: 12, maxItems: 12 },
      ),
      tasks: Strict({
        open: Type.Integer({ minimum: 0 }),
        overdue: Type.Integer({ minimum: 0, description: 'Open with due_at before now.' }),
        done_this_month: Type.Integer({
          minimum: 0,
          description: 'Completed since the start of the month (workspace time zone).',
        }),
      }),
      totals: Strict({
        companies: Type.Integer({ minimum: 0 }),
        accounts: Type.Integer({ minimum: 0 }),
        contacts: Type.Integer({ minimum: 0 }),
        open_deals: Type.Integer({ minimum: 0 }),
        open_deal_value: Money('Open deals in the workspace currency.'),
        other_currency: OtherMoney,
      }),
    }),
  ),
});

const MarketingFigures = {
  spend: Money(),
  leads: Type.Integer({
    minimum: 0,
    description: 'Companies created in the period that came from this group (their own campaign or source).',
  }),
  deals: Type.Number({ description: 'Deals created in the period attributed here (a share for the linear model).' }),
  won_deals: Type.Number({ description: 'Of those, won.' }),
  pipeline: Money('Attributed value of the open deals.'),
  revenue: Money('Attributed value of the won deals.'),
  cac: Nullable(Money('spend / won_deals; null when either is zero.')),
  roi: Nullable(Type.Number({ description: '(revenue - spend) / spend; null when spend is zero.' })),
  roas: Nullable(Type.Number({ description: 'revenue / spend; null when spend is zero.' })),
};

export const marketingReport = declareOperation({
  method: 'GET',
  path: '/reports/marketing',
  access: standard(needs('companies:read')),
  cost: 5,
  summary: 'Marketing performance with attribution',
  description:
    "Deals created in the period are attributed over the touchpoints of their contact and company and their campaign links before the deal was created: first touch, last touch or linear (equal shares, which add up to the deal's value to the cent). Amounts not in the workspace currency are in other_currency.",
  query: Type.Object({
    from: Type.Optional(DateOnly()),
    to: Type.Optional(DateOnly()),
    group: Type.Optional(StringEnum(['campaign', 'source', 'channel'])),
    model: Type.Optional(StringEnum(['first', 'last', 'linear'])),
    campaign_id: Type.Optional(Uuid()),
  }),
  status: 200,
  response: Named(
    'MarketingReport',
    Strict({
      period: Strict({ from: DateOnly(), to: DateOnly() }),
      currency: Type.String(),
      group: StringEnum(['campaign', 'source', 'channel']),
      model: StringEnum(['first', 'last', 'linear']),
      totals: Strict(MarketingFigures),
      rows: Type.Array(
        Strict({
          key: Nullable(Type.String({ description: 'campaign id, source id or channel; null for unattributed' })),
          label: Type.String(),
          ...MarketingFigures,
        }),
      ),
      by_month: Type.Array(
        Strict({
          month: Type.String(),
          spend: Money(),
          leads: Type.Integer({ minimum: 0 }),
          deals: Type.Number(),
          pipeline: Money(),
          revenue: Money(),
        }),
      ),
      other_currency: Type.Array(
        Strict({
          currency: Type.String(),
          spend: Type.Number(),
          deals: Type.Number(),
          pipeline: Type.Number(),
          revenue: Type.Number(),
        }),
      ),
    }),
  ),
});

const Amounts = Strict({ amount: Money(), deals: Type.Integer({ minimum: 0 }), other_currency: OtherMoney });

export const salesReport = declareOperation({
  method: 'GET',
  path: '/reports/sales',
  access: needs('companies:read'),
  cost: 5,
  summary: 'Sales performance',
  description:
    'For deals closed (won or lost) in the period, or created in it for the funnel; owner narrows every figure to one member (me for the caller). The forecast is of the deals open now.',
  query: Type.Object({
    from: Type.Optional(DateOnly()),
    to: Type.Optional(DateOnly()),
    owner: Type.Optional(
      Type.String({
        maxLength: 36,
        pattern: '^(me|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
        description: 'me or a member id',
      }),
    ),
  }),
  status: 200,
  response: Named(
    'SalesReport',
    Strict({
      period: Strict({ from: DateOnly(), to: DateOnly() }),
      currency: Type.String(),
      owner_id: Nullable(Uuid()),
      revenue: Amounts,
      lost: Amounts,
      win_rate: Nullable(
        Type.Number({ description: 'won / (won + lost) deals closed in the period, 0..1; null when none closed.' }),
      ),
      average_cycle_days: Nullable(
        Type.Number({ description: 'Mean days from created to closed of the deals won in the period.' }),
      ),
      forecast: Strict({
        open_deals: Type.Integer({ minimum: 0 }),
        open: Money(),
        weighted: Money("Each open deal by its probability (its own, else its stage's)."),
        other_currency: Type.Array(
          Strict({
            currency: Type.String(),
            open: Type.Number(),
            weighted: Type.Number(),
            deals: Type.Integer({ minimum: 0 }),
          }),
        ),
      }),
      people: Type.Array(
        Strict({
          owner_id: Nullable(Uuid()),
          owner_name: Nullable(Type.String()),
          won_deals: Type.Integer({ minimum: 0 }),
          lost_deals: Type.Integer({ minimum: 0 }),
          revenue: Money(),
          win_rate: Nullable(Type.Number()),
          open_deals: Type.Integer({ minimum: 0 }),
          open_value: Money(),
        }),
      ),
      sources: Type.Array(
        Strict({
          source_id: Nullable(Uuid()),
          source: Nullable(Type.String()),
          created_deals: Type.Integer({ minimum: 0 }),
          won_deals: Type.Integer({ minimum: 0 }),
          revenue: Money(),
        }),
      ),
      funnel: Strict({
        pipeline_id: Nullable(Uuid()),
        stages: Type.Array(
          Strict({
            stage_id: Uuid(),
            stage: Type.String(),
            kind: Type.String(),
            reached: Type.Integer({
              minimum: 0,
              description: 'Deals created in the period that were ever in this stage or a later open or won one.',
            }),
            conversion: Nullable(
              Type.Number({ description: 'reached / reached of the previous stage, 0..1; null for the first.' }),
            ),
            average_days: Nullable(
              Type.Number({ description: 'Mean days deals stayed in the stage before leaving it.' }),
            ),
          }),
        ),
      }),
      lost_reasons: Type.Array(
        Strict({ reason: Nullable(Type.String()), deals: Type.Integer({ minimum: 0 }), amount: Money() }),
      ),
      activity: Type.Array(
        Strict({
          user_id: Uuid(),
          name: Nullable(Type.String()),
          notes: Type.Integer({ minimum: 0 }),
          calls: Type.Integer({ minimum: 0 }),
          meetings: Type.Integer({ minimum: 0 }),
          tasks_done: Type.Integer({ minimum: 0 }),
        }),
      ),
    }),
  ),
});

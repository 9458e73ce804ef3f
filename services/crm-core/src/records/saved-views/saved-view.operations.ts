import {
  DateTime,
  declareOperation,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { needs, remove } from '@crm/protos';
import { FILTER_VALUE_MAX_LENGTH, LIST_FILTERS } from './list-filters';

export const SAVED_VIEW_OBJECTS = ['company', 'contact', 'deal'] as const;
export type SavedViewObject = (typeof SAVED_VIEW_OBJECTS)[number];

const ViewName = () => SingleLine({ minLength: 1, maxLength: 60 });
// At most the filters of the list that has the most; which keys an object's list takes is checked
// against it (list-filters.ts).
const FILTER_NAMES = [...new Set(Object.values(LIST_FILTERS).flat())];
const Filters = () =>
  Type.Record(Type.String(), Type.String({ maxLength: FILTER_VALUE_MAX_LENGTH }), {
    description:
      "Query parameters of the object's list (for example kind and owner), each a string of up to 500 characters.",
    maxProperties: Math.max(...Object.values(LIST_FILTERS).map((names) => names.length)),
    propertyNames: { maxLength: Math.max(...FILTER_NAMES.map((name) => name.length)) },
  });

// SavedView (spec section 2).
export const SavedView = Named(
  'SavedView',
  Strict({
    id: Uuid(),
    object: StringEnum(SAVED_VIEW_OBJECTS),
    name: Type.String(),
    filters: Type.Record(Type.String(), Type.String()),
    shared: Type.Boolean(),
    owner_id: Uuid(),
    owner_name: Nullable(Type.String()),
    mine: Type.Boolean({ description: 'The caller created it (a shared view is changed by admins only).' }),
    created_at: DateTime(),
  }),
);
export type SavedViewView = Static<typeof SavedView>;

export const listSavedViews = declareOperation({
  method: 'GET',
  path: '/saved-views',
  access: needs('companies:read'),
  summary: "List the caller's saved views and the shared ones",
  description: 'Oldest first.',
  query: Type.Object({ object: Type.Optional(StringEnum(SAVED_VIEW_OBJECTS)) }),
  status: 200,
  response: Named('SavedViewList', ListOf(SavedView)),
});

export const createSavedView = declareOperation({
  method: 'POST',
  path: '/saved-views',
  access: needs('companies:read'),
  etag: 'saved_views',
  summary: 'Save a view of a list',
  description: 'A shared view needs a workspace admin.',
  body: Named(
    'SavedViewCreate',
    Strict({
      object: StringEnum(SAVED_VIEW_OBJECTS),
      name: ViewName(),
      filters: Filters(),
      shared: Type.Boolean({ default: false }),
    }),
  ),
  trim: ['name'],
  status: 201,
  response: SavedView,
});
export type CreateSavedViewBody = Static<NonNullable<typeof createSavedView.body>>;

export const updateSavedView = declareOperation({
  method: 'PATCH',
  path: '/saved-views/{id}',
  access: needs('companies:read'),
  etag: 'saved_views',
  summary: 'Rename a saved view, change its filters or share it',
  description:
    "A private view: its creator. A shared one: a workspace admin, by the caller's own role (an API key's role, not its creator's). Sharing needs an admin too (403 otherwise).",
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'SavedViewUpdate',
    Strict({
      name: Type.Optional(ViewName()),
      filters: Type.Optional(Filters()),
      shared: Type.Optional(Type.Boolean()),
    }),
  ),
  trim: ['name'],
  status: 200,
  response: SavedView,
});
export type UpdateSavedViewBody = Static<NonNullable<typeof updateSavedView.body>>;

export const deleteSavedView = declareOperation({
  method: 'DELETE',
  path: '/saved-views/{id}',
  access: remove('companies:read'),
  etag: 'saved_views',
  summary: 'Delete a saved view',
  description: 'A private view: its creator; a shared one: a workspace admin (403 otherwise).',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
});

import { LIST_FILTERS } from '../../saved-views/list-filters';
import { contactSearchFields } from '../contact-view';
import { listContacts } from '../contact.operations';

describe('contacts', () => {
  it("lists with exactly the saved views' contact filters, plus paging", () => {
    const parameters = Object.keys(listContacts.query!.properties);
    expect(parameters.filter((name) => name !== 'limit' && name !== 'cursor').sort()).toEqual(
      [...LIST_FILTERS.contact].sort(),
    );
  });

  it('searches the lower-cased full name, last name and email', () => {
    expect(contactSearchFields({ first_name: ' Ann ', last_name: 'Lee', email: ' Ann.Lee@Example.COM' })).toEqual({
      search_terms: ['ann', 'lee', 'ann lee', 'ann.lee@example.com'],
      search_name: 'ann lee',
      search_last: 'lee',
      email_normalised: 'ann.lee@example.com',
      name_key: 'annlee',
    });
    expect(contactSearchFields({ first_name: 'Mary  Ann', last_name: 'de\tLee', email: null }).search_name).toBe(
      'mary ann de lee',
    );
    expect(contactSearchFields({ first_name: null, last_name: 'Lee', email: null })).toEqual({
      search_terms: ['lee'],
      search_name: 'lee',
      search_last: 'lee',
      email_normalised: null,
      name_key: 'lee',
    });
    expect(contactSearchFields({ first_name: null, last_name: null, email: null })).toEqual({
      search_terms: [],
      search_name: null,
      search_last: null,
      email_normalised: null,
      name_key: null,
    });
  });
});

import { ALL_PERMISSIONS, type ChannelAccount } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import {
  accountBody,
  accountValues,
  formFieldOf,
  isAdministrator,
  missingCredentials,
  newAccountValues,
  pollKindsOf,
  withType,
} from '../src/features/api/api-configuration/account-form.ts';

const saved: ChannelAccount = {
  id: '7a1d3c56-4f0e-4a8e-9a43-0c2b9b1f6a10',
  type: 'AMAZON',
  kind: 'CHANNEL',
  name: 'Amazon UK',
  environment: 'PRODUCTION',
  marketplace: 'A1F83G8C2ARO7P',
  baseUrl: 'https://sellingpartnerapi-eu.amazon.com',
  effectiveBaseUrl: 'https://sellingpartnerapi-eu.amazon.com',
  enabled: true,
  credentials: [
    { name: 'clientId', secret: false, set: true },
    { name: 'clientSecret', secret: true, set: true },
    { name: 'refreshToken', secret: true, set: false },
  ],
  settings: {
    warehouseIds: [],
    locations: ['AFN'],
    carrierCodes: [{ carrierCode: 'RM', channelCode: 'Royal Mail' }],
    stockBuffer: { mode: 'UNITS', value: 2 },
    pollMinutes: { orders: 15, returns: 60, tracking: 60, stock: 15 },
    operations: ['ORDERS', 'STOCK'],
    stockDelivery: 'API',
  },
  lastTest: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

describe('the body an Api Config save sends', () => {
  it('sends only the credentials typed, and "" for one cleared', () => {
    const values = accountValues(saved);
    values.credentials = { clientId: '', clientSecret: '  new-secret\n', refreshToken: '' };
    const body = accountBody(values, { type: 'AMAZON', saved, cleared: new Set(['clientId']), isAdmin: false });
    expect(body.credentials).toEqual({ clientId: '', clientSecret: 'new-secret' });
  });

  it('leaves every credential out when nothing was typed or cleared, so all are kept', () => {
    const body = accountBody(accountValues(saved), { type: 'AMAZON', saved, cleared: new Set(), isAdmin: false });
    expect(body.credentials).toEqual({});
  });

  it('prefers a value typed after Clear, and never clears on a new account', () => {
    const values = accountValues(saved);
    values.credentials = { clientId: 'amzn1.application-oa2-client.x' };
    const typed = accountBody(values, { type: 'AMAZON', saved, cleared: new Set(['clientId']), isAdmin: false });
    expect(typed.credentials).toEqual({ clientId: 'amzn1.application-oa2-client.x' });
    const fresh = withType(newAccountValues(), 'ROYAL_MAIL');
    const created = accountBody(fresh, {
      type: 'ROYAL_MAIL',
      saved: null,
      cleared: new Set(['apiKey']),
      isAdmin: false,
    });
    expect(created.credentials).toEqual({});
  });

  it("sends a credential of the type only, never another type's left in the form", () => {
    const values = withType(newAccountValues(), 'SHOPIFY');
    values.credentials = { ...values.credentials, accessToken: 'shpat_1', clientSecret: 'from-amazon' };
    const body = accountBody(values, { type: 'SHOPIFY', saved: null, cleared: new Set(), isAdmin: false });
    expect(body.credentials).toEqual({ accessToken: 'shpat_1' });
  });

  it('takes the base address from an administrator only; anyone else sends the saved one back', () => {
    const values = { ...accountValues(saved), baseUrl: 'https://sandbox.example.test ' };
    expect(accountBody(values, { type: 'AMAZON', saved, cleared: new Set(), isAdmin: true }).baseUrl).toBe(
      'https://sandbox.example.test',
    );
    expect(accountBody(values, { type: 'AMAZON', saved, cleared: new Set(), isAdmin: false }).baseUrl).toBe(
      saved.baseUrl,
    );
    expect(
      accountBody({ ...values, baseUrl: ' ' }, { type: 'AMAZON', saved, cleared: new Set(), isAdmin: true }).baseUrl,
    ).toBeNull();
  });

  it('sends the settings whole: no figure with no buffer, defaults for an emptied interval, the type’s operations in order', () => {
    const values = accountValues(saved);
    values.settings.stockBuffer = { mode: 'NONE', value: 7 };
    values.settings.pollMinutes.orders = null;
    values.settings.operations = ['STOCK', 'ORDERS', 'LABELS'];
    values.settings.locations = [' AFN ', 'MFN', 'AFN', ''];
    const body = accountBody(values, { type: 'AMAZON', saved, cleared: new Set(), isAdmin: false });
    expect(body.settings).toEqual({
      warehouseIds: [],
      locations: ['AFN', 'MFN'],
      carrierCodes: [{ carrierCode: 'RM', channelCode: 'Royal Mail' }],
      stockBuffer: { mode: 'NONE', value: 0 },
      pollMinutes: { orders: 15, returns: 60, tracking: 60, stock: 15 },
      operations: ['ORDERS', 'STOCK'],
      stockDelivery: 'API',
    });
  });

  it('sends no marketplace for a type without one, and null (the default) when left empty', () => {
    const carrier = { ...withType(newAccountValues(), 'DPD'), name: ' DPD ', marketplace: 'x' };
    const dpd = accountBody(carrier, { type: 'DPD', saved: null, cleared: new Set(), isAdmin: false });
    expect(dpd.marketplace).toBeNull();
    expect(dpd.name).toBe('DPD');
    const ebay = accountBody(withType(newAccountValues(), 'EBAY'), {
      type: 'EBAY',
      saved: null,
      cleared: new Set(),
      isAdmin: false,
    });
    expect(ebay.marketplace).toBeNull();
  });
});

describe('the Api Config form', () => {
  it('starts a chosen type with its own credential fields, empty, and all of its operations', () => {
    const values = withType({ ...newAccountValues(), marketplace: 'EBAY_GB' }, 'PARCELFORCE');
    expect(values.credentials).toEqual({ username: '', password: '', accountNumber: '', contractNumber: '' });
    expect(values.settings.operations).toEqual(['LABELS', 'TRACKING']);
    expect(values.marketplace).toBe('');
  });

  it('names the credentials an account lacks, in the type’s order', () => {
    expect(missingCredentials(saved)).toEqual(['refreshToken']);
  });

  it('offers the polling intervals of what the type does', () => {
    expect(pollKindsOf('AMAZON')).toEqual(['orders', 'stock']);
    expect(pollKindsOf('EBAY')).toEqual(['orders', 'returns', 'stock']);
    expect(pollKindsOf('ROYAL_MAIL')).toEqual(['tracking']);
  });

  it('puts an issue about one entry of a list under the whole list', () => {
    expect(formFieldOf(['settings', 'locations', 3])).toEqual(['settings', 'locations']);
    expect(formFieldOf(['settings', 'warehouseIds', 0])).toEqual(['settings', 'warehouseIds']);
    expect(formFieldOf(['settings', 'carrierCodes', 1, 'channelCode'])).toEqual([
      'settings',
      'carrierCodes',
      1,
      'channelCode',
    ]);
    expect(formFieldOf(['credentials', 'apiKey'])).toEqual(['credentials', 'apiKey']);
  });

  it('counts as administrator only someone holding every permission', () => {
    expect(isAdministrator(new Set(ALL_PERMISSIONS))).toBe(true);
    expect(isAdministrator(new Set(ALL_PERMISSIONS.slice(1)))).toBe(false);
  });
});

import * as contracts from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import {
  ALSO_INVALIDATES,
  areasOf,
  exportNameOf,
  fileNameOf,
  invalidatesOf,
  renderArea,
  unknownRuleKeys,
} from '../scripts/endpoints.ts';

const fake = {
  parcelsApi: {
    listParcels: { method: 'GET', path: '/api/parcels', response: {} },
    downloadLabel: { method: 'GET', path: '/api/parcels/:id/label', response: {} },
    purgeLabel: { method: 'GET', path: '/api/parcels/:id/purge', mutation: true, response: {} },
    createParcel: { method: 'POST', path: '/api/parcels', response: {} },
    shipParcel: { method: 'POST', path: '/api/parcels/:id/ship', response: {} },
  },
  ParcelStatus: { OPEN: 'OPEN' },
  notAnApi: { method: 'GET', path: '/api/nothing' },
};

describe('the endpoints generator', () => {
  it('reads every …Api export of the contracts and only their endpoints', () => {
    const areas = areasOf(fake);
    expect(areas.map((area) => area.name)).toEqual(['parcelsApi']);
    expect(Object.keys(areas[0]?.endpoints ?? {})).toEqual([
      'listParcels',
      'downloadLabel',
      'purgeLabel',
      'createParcel',
      'shipParcel',
    ]);
    const real = areasOf(contracts);
    expect(real.map((area) => area.name)).toEqual(expect.arrayContaining(['carriersApi', 'usersApi', 'stockApi']));
  });

  it('names a file and an export per area', () => {
    expect(fileNameOf('stockReportsApi')).toBe('stock-reports.gen.ts');
    expect(exportNameOf('stockReportsApi')).toBe('stockReportsEndpoints');
  });

  it('writes method, path and the definition’s type, imported as a type only', () => {
    const [area] = areasOf(fake);
    if (!area) throw new Error('no area');
    const text = renderArea(area);
    expect(text).toContain("import type * as contracts from '@backoffice/contracts';");
    expect(text).not.toMatch(/import \{[^}]*\} from '@backoffice\/contracts'/);
    expect(text).toContain('listParcels: endpointRef<typeof contracts.parcelsApi.listParcels>("GET", "/api/parcels"),');
    expect(text).toContain(
      'shipParcel: endpointRef<typeof contracts.parcelsApi.shipParcel>("POST", "/api/parcels/:id/ship", ["/api/parcels"]),',
    );
  });

  it('gives a change its own resource (the path’s first segment) and a read nothing', () => {
    const endpoints = areasOf(fake)[0]?.endpoints ?? {};
    const of = (name: string) => {
      const endpoint = endpoints[name];
      if (!endpoint) throw new Error(name);
      return invalidatesOf('parcelsApi', name, endpoint);
    };
    expect(of('listParcels')).toEqual([]);
    expect(of('downloadLabel')).toEqual([]);
    expect(of('purgeLabel')).toEqual(['/api/parcels']);
    expect(of('shipParcel')).toEqual(['/api/parcels']);
  });

  it('adds the resources the rules name, by resource and by endpoint, once each', () => {
    expect(invalidatesOf('processorsApi', 'updateProcessor', { method: 'PUT', path: '/api/processors/:id' })).toEqual([
      '/api/processors',
      '/api/currencies',
    ]);
    const dispatch = invalidatesOf('transfersApi', 'dispatchTransfer', {
      method: 'POST',
      path: '/api/inventory-transfers/:id/dispatch',
    });
    expect(dispatch[0]).toBe('/api/inventory-transfers');
    expect(dispatch).toEqual(expect.arrayContaining(['/api/inventory', '/api/reports', '/api/warehouse-reports']));
    expect(new Set(dispatch).size).toBe(dispatch.length);
    expect(invalidatesOf('stockReportsApi', 'startFifoProcess', { method: 'POST', path: '/api/reports/x' })).toEqual([
      '/api/reports/fifo-stock-process',
    ]);
  });

  it('has no rule naming an endpoint or a resource the contracts lack', () => {
    expect(unknownRuleKeys(areasOf(contracts))).toEqual([]);
    expect(unknownRuleKeys(areasOf(fake))).toEqual(expect.arrayContaining(Object.keys(ALSO_INVALIDATES)));
  });
});

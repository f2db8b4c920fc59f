import type {
  Page,
  ProductLookupItem,
  PurchaseOrder,
  SupplierLookupItem,
  WarehouseLookupItem,
} from '@backoffice/contracts';
import {
  ALL_PERMISSIONS,
  ORDER_TO_CASH_PICKER_PERMISSIONS,
  PURCHASING_PICKER_PERMISSIONS,
  purchasingLookupsApi,
} from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { businessChecksum, businessTables } from './business-tables.ts';

/**
 * The purchasing pickers' lookups: a buyer holding only a purchasing permission (add_purchase_order, say)
 * finds suppliers, products, warehouses and bins, and creates an order with what they found; a user without
 * any purchasing permission is refused and nothing changes.
 */

let ta: TestApp;
let buyer: ApiClient;
let outsider: ApiClient;
let tables: string[];
const stamp = Date.now() % 100000;
let supplier: { id: string; code: string };
let consignor: { id: string; code: string };
let warehouse: { id: string; code: string };
let bin: { id: string; code: string };
let product: { id: string; sku: string };

beforeAll(async () => {
  ta = await startTestApp();
  const lookupsPermissions = new Set<string>([
    'view_supplier',
    'view_product',
    'view_warehouse',
    ...PURCHASING_PICKER_PERMISSIONS,
    ...ORDER_TO_CASH_PICKER_PERMISSIONS,
  ]);
  const [b, o] = await Promise.all([
    clientWith(ta, ['add_purchase_order']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => !lookupsPermissions.has(p)),
    ),
  ]);
  buyer = b.api;
  outsider = o.api;
  tables = await businessTables(ta.t.db);
  const db = ta.t.db;
  supplier = await db
    .insertInto('business_partners')
    .values({
      code: `LKS${stamp}`,
      name: 'Lookup Supplies Ltd',
      default_currency: 'EUR',
      payment_terms_days: 14,
      is_consignment: false,
      active: true,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  consignor = await db
    .insertInto('business_partners')
    .values({
      code: `LKC${stamp}`,
      name: 'Lookup Consignor Ltd',
      is_consignment: true,
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('business_partners')
    .values({
      code: `LKX${stamp}`,
      name: 'Lookup Closed Ltd',
      active: false,
      default_currency: 'GBP',
      payment_terms_days: 30,
      is_consignment: false,
    })
    .execute();
  warehouse = await db
    .insertInto('warehouses')
    .values({
      code: `LKW${stamp}`,
      name: 'Lookup warehouse',
      kind: 'OWN',
      address_line1: '1 Dock Road',
      city: 'Leeds',
      postcode: 'LS1 1AA',
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await db.insertInto('warehouse_configs').values({ warehouse_id: warehouse.id }).execute();
  bin = await db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: warehouse.id, code: `LKB${stamp}` })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  product = await db
    .insertInto('products')
    .values({ sku: `LKP-${stamp}`, name: 'Lookup widget' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}, 120_000);
afterAll(() => ta.close());

describe('purchasing lookups', () => {
  it('declares any of the purchasing permissions, and the master data view, in the contract', () => {
    expect(purchasingLookupsApi.lookupSuppliers.permission).toContain('add_purchase_order');
    expect(purchasingLookupsApi.lookupSuppliers.permission).toContain('view_supplier');
    expect(purchasingLookupsApi.lookupProducts.permission).toContain('view_product');
    expect(purchasingLookupsApi.lookupWarehouses.permission).toContain('view_warehouse');
  });

  it('lets a user with only add_purchase_order pick a supplier, a warehouse, a bin and a product and create an order', async () => {
    // Master data itself stays closed to them.
    expect((await buyer.get('/api/business-partners')).status).toBe(403);
    expect((await buyer.get('/api/products/lookup?q=LKP')).status).toBe(403);
    expect((await buyer.get('/api/warehouses')).status).toBe(403);

    const suppliers = await buyer.get<Page<SupplierLookupItem>>(`/api/purchasing-lookups/suppliers?q=lookup`);
    expect(suppliers.status, JSON.stringify(suppliers.body)).toBe(200);
    // Active ones only, by code; only what a picker needs.
    expect(suppliers.body.items.map((s) => s.code)).toEqual([`LKC${stamp}`, `LKS${stamp}`]);
    const found = suppliers.body.items.find((s) => s.code === supplier.code);
    expect(found).toEqual({
      id: supplier.id,
      code: supplier.code,
      name: 'Lookup Supplies Ltd',
      currency: 'EUR',
      paymentTermsDays: 14,
      consignment: false,
      active: true,
    });
    expect(Object.keys(found ?? {})).not.toContain('vatNumber');
    expect(suppliers.body.total).toBe(2);

    const consignment = await buyer.get<Page<SupplierLookupItem>>(
      '/api/purchasing-lookups/suppliers?q=lookup&consignment=true',
    );
    expect(consignment.body.items.map((s) => s.id)).toEqual([consignor.id]);
    const withClosed = await buyer.get<Page<SupplierLookupItem>>(
      '/api/purchasing-lookups/suppliers?q=lookup&active=all',
    );
    expect(withClosed.body.total).toBe(3);
    const byId = await buyer.get<Page<SupplierLookupItem>>(`/api/purchasing-lookups/suppliers?id=${supplier.id}`);
    expect(byId.body.items.map((s) => s.id)).toEqual([supplier.id]);
    const paged = await buyer.get<Page<SupplierLookupItem>>(
      '/api/purchasing-lookups/suppliers?q=lookup&pageSize=1&page=2',
    );
    expect([paged.body.items.map((s) => s.code), paged.body.total]).toEqual([[`LKS${stamp}`], 2]);

    const warehouses = await buyer.get<Page<WarehouseLookupItem>>(
      `/api/purchasing-lookups/warehouses?q=${warehouse.code}`,
    );
    expect(warehouses.status).toBe(200);
    expect(warehouses.body.items).toEqual([
      { id: warehouse.id, code: warehouse.code, name: 'Lookup warehouse', active: true },
    ]);
    const bins = await buyer.get<Page<{ id: string; code: string }>>(
      `/api/purchasing-lookups/warehouses/${warehouse.id}/locations`,
    );
    expect(bins.body.items.map((b) => b.id)).toEqual([bin.id]);

    const products = await buyer.get<{ items: ProductLookupItem[] }>(
      `/api/purchasing-lookups/products?q=${product.sku}`,
    );
    expect(products.status).toBe(200);
    expect(products.body.items.map((p) => p.id)).toEqual([product.id]);

    const order = await buyer.post<PurchaseOrder>(
      '/api/purchase-orders',
      {
        type: 'PRIOR_ORDER_PO',
        supplierId: found?.id,
        warehouseId: warehouses.body.items[0]?.id,
        currency: found?.currency,
        exchangeRate: '1.2',
        paymentTermsDays: found?.paymentTermsDays,
        lines: [
          {
            productId: products.body.items[0]?.id,
            quantity: '4',
            unitCost: '2.50',
            locationId: bins.body.items[0]?.id,
          },
        ],
      },
      { 'idempotency-key': `lookup-po-${stamp}` },
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.supplier?.id).toBe(supplier.id);
    expect(order.body.lines.map((l) => [l.product.id, l.quantity])).toEqual([[product.id, '4']]);
  });

  it('refuses a user without any purchasing permission (403), and the refusal changes nothing', async () => {
    const before = await businessChecksum(ta.t.db, tables);
    for (const path of [
      '/api/purchasing-lookups/suppliers',
      '/api/purchasing-lookups/products?q=LKP',
      '/api/purchasing-lookups/warehouses',
      `/api/purchasing-lookups/warehouses/${warehouse.id}/locations`,
    ]) {
      const res = await outsider.get<{ code: string; details: { required: string[] } }>(path);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect(res.body.details.required).toContain('add_purchase_order');
    }
    expect(await businessChecksum(ta.t.db, tables)).toEqual(before);
  });

  it('lets a picker or a customer service agent choose a warehouse and products, and nothing of purchasing', async () => {
    for (const permission of [
      'ship_list',
      'handle_pick_list_process',
      'add_sales_invoice',
      'add_return_ticket',
    ] as const) {
      const { api } = await clientWith(ta, [permission]);
      expect((await api.get('/api/warehouses')).status, permission).toBe(403);
      const warehouses = await api.get<Page<WarehouseLookupItem>>(
        `/api/purchasing-lookups/warehouses?q=${warehouse.code}`,
      );
      expect(warehouses.status, permission).toBe(200);
      expect(warehouses.body.items.map((w) => w.id)).toEqual([warehouse.id]);
      const products = await api.get<{ items: { id: string }[] }>('/api/purchasing-lookups/products?q=LKP');
      expect(products.status, permission).toBe(200);
      expect(products.body.items.map((p) => p.id)).toContain(product.id);
      // Suppliers and bins stay the purchasing screens' own.
      expect((await api.get('/api/purchasing-lookups/suppliers')).status, permission).toBe(403);
      expect((await api.get(`/api/purchasing-lookups/warehouses/${warehouse.id}/locations`)).status, permission).toBe(
        403,
      );
    }
  });

  it('offers the carriers’ services to the sales and claims screens, without carrier rights, and to nobody else', async () => {
    const db = ta.t.db;
    const carrier = async (code: string, active: boolean) =>
      db
        .insertInto('shipping_carriers')
        .values({ code, name: `${code} Parcels`, active })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    const [open, closed] = [await carrier(`LKA${stamp}`, true), await carrier(`LKZ${stamp}`, false)];
    const service = async (carrierId: string, code: string, position: number, active: boolean) =>
      db
        .insertInto('carrier_services')
        .values({ carrier_id: carrierId, code, name: `${code} service`, position, active })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    const express = await service(open.id, 'EXPRESS', 2, true);
    const economy = await service(open.id, 'ECONOMY', 1, true);
    const retired = await service(open.id, 'RETIRED', 3, false);
    const old = await service(closed.id, 'OLD', 1, true);
    const ours = new Set([express.id, economy.id, retired.id, old.id]);
    type Offered = { items: { id: string; carrier: { id: string } }[] };
    const offered = (body: Offered) => body.items.filter((s) => ours.has(s.id)).map((s) => s.id);

    for (const permission of ['add_sales_invoice', 'handle_pick_list_process', 'view_shipping_claim'] as const) {
      const { api } = await clientWith(ta, [permission]);
      expect((await api.get('/api/shipping-carriers')).status, permission).toBe(403);
      const active = await api.get<Offered>('/api/purchasing-lookups/carrier-services');
      expect(active.status, permission).toBe(200);
      // The active services of active carriers, in the carrier's own order of them.
      expect(offered(active.body), permission).toEqual([economy.id, express.id]);
      const all = await api.get<Offered>('/api/purchasing-lookups/carrier-services?active=all');
      expect(new Set(offered(all.body)), permission).toEqual(ours);
    }
    const { api: buyerOnly } = await clientWith(ta, ['add_purchase_order']);
    const refused = await buyerOnly.get<{ code: string }>('/api/purchasing-lookups/carrier-services');
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const { api: clerk } = await clientWith(ta, ['add_sales_invoice']);
    const bad = await clerk.get<{ code: string }>('/api/purchasing-lookups/carrier-services?active=yes');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers 400 for a page too large for a picker', async () => {
    const res = await buyer.get<{ code: string }>('/api/purchasing-lookups/suppliers?pageSize=500');
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

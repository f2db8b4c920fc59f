import {
  type Carrier,
  CarrierErrorCode,
  type CarrierFilter,
  type CarrierInput,
  type CarrierIntegration,
  type CarrierListQuery,
  type CarrierService,
  type CarrierSummary,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import { inUse, referencesTo } from '../../platform/references.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ACTIVE_INACTIVE, sendXlsx, ui, words, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { CARRIER_REFERENCES, CARRIER_SERVICE_REFERENCES } from './carrier.references.ts';
import {
  type CarrierRow,
  type CarrierServiceRow,
  carrierIdWithCode,
  deleteCarrierRow,
  deleteServiceRows,
  filteredCarriers,
  getCarrierRow,
  insertCarrier,
  insertServices,
  orderedCarriers,
  type ServiceColumns,
  servicesOf,
  updateCarrierRow,
  updateServiceRow,
} from './carrier.repository.ts';

type CarrierValues = z.output<typeof CarrierInput>;

function toService(r: CarrierServiceRow): CarrierService {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    tracked: r.tracked,
    signature: r.signature,
    deliveryDays: r.delivery_days,
    active: r.active,
  };
}

function toCarrierBase(r: CarrierRow) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    trackingUrlTemplate: r.tracking_url_template,
    integration: r.integration as CarrierIntegration,
    active: r.active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function getCarrier(db: Kysely<Database>, id: string, forUpdate = false): Promise<Carrier> {
  const row = await getCarrierRow(db, id, forUpdate);
  if (!row) throw notFound('Carrier', id);
  return { ...toCarrierBase(row), services: (await servicesOf(db, [id])).map(toService) };
}

type SummaryRow = CarrierRow & { service_count: string | null; active_service_count: string | null };
function toSummary(r: SummaryRow): CarrierSummary {
  return {
    ...toCarrierBase(r),
    serviceCount: Number(r.service_count ?? 0),
    activeServiceCount: Number(r.active_service_count ?? 0),
  };
}

export async function listCarriers(db: Kysely<Database>, q: CarrierListQuery) {
  const [rows, count] = await Promise.all([
    orderedCarriers(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    filteredCarriers(db, q)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map(toSummary), count.n, q);
}

const codeTaken = (code: string) =>
  conflict(CarrierErrorCode.CARRIER_CODE_TAKEN, `A carrier with code "${code}" already exists.`, { code });

async function withUniqueCode<T>(
  db: Kysely<Database>,
  code: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  if (await carrierIdWithCode(db, code, exceptId)) throw codeTaken(code);
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'shipping_carriers_code_key') ? codeTaken(code) : e;
  }
}

function carrierColumns(v: CarrierValues) {
  return {
    code: v.code,
    name: v.name,
    tracking_url_template: v.trackingUrlTemplate,
    integration: v.integration,
    active: v.active,
  };
}

function serviceColumns(s: CarrierValues['services'][number], position: number): ServiceColumns {
  return {
    code: s.code,
    name: s.name,
    tracked: s.tracked,
    signature: s.signature,
    delivery_days: s.deliveryDays,
    active: s.active,
    position,
  };
}

export async function createCarrier(ctx: Ctx, input: CarrierValues) {
  const withId = input.services.findIndex((s) => s.id);
  if (withId >= 0)
    throw unprocessable(
      CarrierErrorCode.CARRIER_SERVICE_NOT_FOUND,
      'A new carrier has no services yet: leave out the ids of its services.',
      { index: withId, id: input.services[withId]?.id },
    );
  const { id } = await withUniqueCode(ctx.db, input.code, undefined, () =>
    insertCarrier(ctx.db, carrierColumns(input)),
  );
  await insertServices(
    ctx.db,
    id,
    input.services.map((s, i) => serviceColumns(s, i + 1)),
  );
  const after = await getCarrier(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'shipping_carrier', entityId: id, after });
  return after;
}

export async function updateCarrier(ctx: Ctx, id: string, input: CarrierValues) {
  const before = await getCarrier(ctx.db, id, true);
  const existing = new Map(before.services.map((s) => [s.id, s]));
  input.services.forEach((s, index) => {
    if (s.id && !existing.has(s.id))
      throw unprocessable(
        CarrierErrorCode.CARRIER_SERVICE_NOT_FOUND,
        `Service ${s.code} is not a service of carrier "${before.code}". Reload the carrier and try again.`,
        { index, id: s.id },
      );
  });
  const kept = new Set(input.services.flatMap((s) => (s.id ? [s.id] : [])));
  const removed = before.services.filter((s) => !kept.has(s.id));
  for (const service of removed) {
    const references = await referencesTo(ctx.db, 'carrier_service', service.id, CARRIER_SERVICE_REFERENCES);
    if (references.length) throw inUse(`Service ${service.code} of carrier "${before.code}"`, references);
  }
  await withUniqueCode(ctx.db, input.code, id, () => updateCarrierRow(ctx.db, id, carrierColumns(input)));
  await deleteServiceRows(
    ctx.db,
    removed.map((s) => s.id),
  );
  const added: ServiceColumns[] = [];
  for (const [index, service] of input.services.entries()) {
    const columns = serviceColumns(service, index + 1);
    if (service.id) await updateServiceRow(ctx.db, service.id, columns);
    else added.push(columns);
  }
  await insertServices(ctx.db, id, added);
  const after = await getCarrier(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'shipping_carrier', entityId: id, before, after });
  return after;
}

export async function deleteCarrier(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  const before = await getCarrier(ctx.db, id, true);
  const references = await referencesTo(ctx.db, 'carrier', id, CARRIER_REFERENCES);
  for (const service of before.services) {
    for (const found of await referencesTo(ctx.db, 'carrier_service', service.id, CARRIER_SERVICE_REFERENCES)) {
      const same = references.find((r) => r.entity === found.entity);
      if (same) same.count += found.count;
      else references.push({ ...found });
    }
  }
  if (references.length) throw inUse(`Carrier "${before.code}"`, references);
  await deleteCarrierRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'shipping_carrier', entityId: id, before });
  return { ok: true as const };
}

interface ExportRow {
  carrier: CarrierSummary;
  service: CarrierService | null;
}

const COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('carriers:fields.code'), width: 16, value: (r) => r.carrier.code },
  { header: ui('carriers:fields.name'), width: 28, value: (r) => r.carrier.name },
  {
    header: ui('carriers:fields.integration'),
    width: 14,
    type: 'enum',
    labels: 'carriers:integrations',
    value: (r) => r.carrier.integration,
  },
  { header: ui('carriers:fields.trackingUrlTemplate'), width: 60, value: (r) => r.carrier.trackingUrlTemplate },
  {
    header: ui('carriers:fields.status'),
    width: 10,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (r) => r.carrier.active,
  },
  { header: ui('carriers:services.code'), width: 14, value: (r) => r.service?.code ?? null },
  { header: ui('carriers:services.name'), width: 32, value: (r) => r.service?.name ?? null },
  { header: ui('carriers:services.tracked'), width: 10, type: 'boolean', value: (r) => r.service?.tracked ?? null },
  { header: ui('carriers:services.signature'), width: 10, type: 'boolean', value: (r) => r.service?.signature ?? null },
  {
    header: ui('carriers:services.deliveryDays'),
    width: 14,
    type: 'number',
    places: 0,
    value: (r) => r.service?.deliveryDays ?? null,
  },
  {
    header: words('Service status', 'Estado del servicio', 'Estado do serviço', 'Status des Dienstes'),
    width: 14,
    type: 'boolean',
    labels: ACTIVE_INACTIVE,
    value: (r) => r.service?.active ?? null,
  },
];

/** The filter's carriers, a chunk at a time, each followed by its services (one row per service). */
async function* exportRows(db: Kysely<Database>, filter: CarrierFilter): AsyncGenerator<ExportRow> {
  const chunk = 500;
  for (let offset = 0; offset < XLSX_EXPORT_MAX_ROWS; offset += chunk) {
    const carriers = (await orderedCarriers(db, filter).limit(chunk).offset(offset).execute()).map(toSummary);
    const services = await servicesOf(
      db,
      carriers.map((c) => c.id),
    );
    for (const carrier of carriers) {
      const own = services.filter((s) => s.carrier_id === carrier.id);
      if (own.length === 0) yield { carrier, service: null };
      for (const service of own) yield { carrier, service: toService(service) };
    }
    if (carriers.length < chunk) return;
  }
}

export function exportCarriers(ctx: Ctx, filter: CarrierFilter) {
  return sendXlsx(
    ctx,
    `shipping-carriers-${new Date().toISOString().slice(0, 10)}.xlsx`,
    COLUMNS,
    exportRows(ctx.db, filter),
  );
}

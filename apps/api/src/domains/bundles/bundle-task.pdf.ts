import { type BundleTask, type BundleTaskStatus, OPEN_BUNDLE_TASK_STATUSES } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import {
  formatQuantity,
  PDF_LABELS,
  type PdfLanguage,
  pdfCompany,
  renderPdf,
  requestLanguage,
  sendPdf,
} from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { binStock } from '../stock/index.ts';
import { findLocation } from './bundle-task.repository.ts';
import { getTask } from './bundle-task.service.ts';

/**
 * The bundling task sheet: the bundle and how many are left to assemble, and per component how many
 * go into one bundle, how many the rest of the task takes and where to pick them.
 */

interface Texts {
  title: string;
  created: string;
  dueDate: string;
  started: string;
  completed: string;
  warehouse: string;
  assignee: string;
  notAssigned: string;
  bundle: string;
  status: string;
  toAssemble: string;
  alreadyAssembled: string;
  sourceBin: string;
  targetBin: string;
  pickingOrder: string;
  receivingBin: string;
  sku: string;
  name: string;
  unit: string;
  perBundle: string;
  totalNeeded: string;
  bins: string;
  noBin: string;
  assembledBy: string;
  checkedBy: string;
  statuses: Record<BundleTaskStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Bundling task',
    created: 'Created',
    dueDate: 'Due date',
    started: 'Started',
    completed: 'Completed',
    warehouse: 'Warehouse',
    assignee: 'Assignee',
    notAssigned: 'Not assigned',
    bundle: 'Bundle',
    status: 'Status',
    toAssemble: 'To assemble',
    alreadyAssembled: 'Already assembled',
    sourceBin: 'Components from bin',
    targetBin: 'Bundles to bin',
    pickingOrder: 'Picking order',
    receivingBin: 'Receiving bin',
    sku: 'SKU',
    name: 'Name',
    unit: 'Unit',
    perBundle: 'Per bundle',
    totalNeeded: 'Total needed',
    bins: 'Pick from',
    noBin: 'No bin',
    assembledBy: 'Assembled by',
    checkedBy: 'Checked by',
    statuses: { OPEN: 'Open', IN_PROGRESS: 'In progress', COMPLETED: 'Completed', CANCELED: 'Canceled' },
  },
  es: {
    title: 'Tarea de agrupación',
    created: 'Creada',
    dueDate: 'Fecha límite',
    started: 'Iniciada',
    completed: 'Completada',
    warehouse: 'Almacén',
    assignee: 'Asignada a',
    notAssigned: 'Sin asignar',
    bundle: 'Lote',
    status: 'Estado',
    toAssemble: 'Por ensamblar',
    alreadyAssembled: 'Ya ensamblado',
    sourceBin: 'Componentes desde la ubicación',
    targetBin: 'Lotes a la ubicación',
    pickingOrder: 'Orden de picking',
    receivingBin: 'Ubicación de recepción',
    sku: 'SKU',
    name: 'Nombre',
    unit: 'Unidad',
    perBundle: 'Por lote',
    totalNeeded: 'Total necesario',
    bins: 'Recoger de',
    noBin: 'Sin ubicación',
    assembledBy: 'Ensamblado por',
    checkedBy: 'Revisado por',
    statuses: { OPEN: 'Abierta', IN_PROGRESS: 'En curso', COMPLETED: 'Completada', CANCELED: 'Cancelada' },
  },
  pt: {
    title: 'Tarefa de agrupamento',
    created: 'Criada',
    dueDate: 'Data limite',
    started: 'Iniciada',
    completed: 'Concluída',
    warehouse: 'Armazém',
    assignee: 'Atribuída a',
    notAssigned: 'Não atribuída',
    bundle: 'Pacote',
    status: 'Estado',
    toAssemble: 'Por montar',
    alreadyAssembled: 'Já montado',
    sourceBin: 'Componentes da localização',
    targetBin: 'Pacotes para a localização',
    pickingOrder: 'Ordem de picking',
    receivingBin: 'Localização de receção',
    sku: 'SKU',
    name: 'Nome',
    unit: 'Unidade',
    perBundle: 'Por pacote',
    totalNeeded: 'Total necessário',
    bins: 'Recolher de',
    noBin: 'Sem localização',
    assembledBy: 'Montado por',
    checkedBy: 'Verificado por',
    statuses: { OPEN: 'Aberta', IN_PROGRESS: 'Em curso', COMPLETED: 'Concluída', CANCELED: 'Cancelada' },
  },
  de: {
    title: 'Bündelungsaufgabe',
    created: 'Erstellt',
    dueDate: 'Fällig am',
    started: 'Begonnen',
    completed: 'Abgeschlossen',
    warehouse: 'Lager',
    assignee: 'Zugewiesen an',
    notAssigned: 'Nicht zugewiesen',
    bundle: 'Set',
    status: 'Status',
    toAssemble: 'Zusammenzustellen',
    alreadyAssembled: 'Bereits zusammengestellt',
    sourceBin: 'Bestandteile aus Lagerplatz',
    targetBin: 'Sets auf Lagerplatz',
    pickingOrder: 'Kommissionierreihenfolge',
    receivingBin: 'Wareneingangsplatz',
    sku: 'SKU',
    name: 'Name',
    unit: 'Einheit',
    perBundle: 'Je Set',
    totalNeeded: 'Gesamt benötigt',
    bins: 'Entnehmen aus',
    noBin: 'Kein Lagerplatz',
    assembledBy: 'Zusammengestellt von',
    checkedBy: 'Geprüft von',
    statuses: { OPEN: 'Offen', IN_PROGRESS: 'In Arbeit', COMPLETED: 'Abgeschlossen', CANCELED: 'Storniert' },
  },
};

/** Bins listed per component: enough to find the stock, short enough for a cell. */
const BINS_SHOWN = 4;

/**
 * Where to pick each component: the task's source bin when it has one; else, while the task is still
 * to be worked, the bins that hold the component, in the order stock is taken, with what each holds.
 */
async function pickBins(ctx: Ctx, task: BundleTask, language: PdfLanguage, noBin: string) {
  const bins = new Map<string, string>();
  if (task.sourceLocation) {
    for (const c of task.components) bins.set(c.product.id, task.sourceLocation.code);
    return bins;
  }
  if (!OPEN_BUNDLE_TASK_STATUSES.includes(task.status)) return bins;
  const stock = await Promise.all(
    task.components.map(async (c) => ({
      productId: c.product.id,
      held: (await binStock(ctx.db, c.product.id, task.warehouse.id))
        .filter((b) => b.onHand.gt(0))
        .slice(0, BINS_SHOWN),
    })),
  );
  const locationIds = [...new Set(stock.flatMap((s) => s.held.flatMap((b) => (b.locationId ? [b.locationId] : []))))];
  const codes = new Map(
    await Promise.all(locationIds.map(async (id) => [id, (await findLocation(ctx.db, id))?.code ?? ''] as const)),
  );
  for (const s of stock)
    bins.set(
      s.productId,
      s.held
        .map(
          (b) =>
            `${b.locationId ? (codes.get(b.locationId) ?? '') : noBin} (${formatQuantity(b.onHand.toFixed(), language)})`,
        )
        .join(', '),
    );
  return bins;
}

export async function bundleTaskPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const task = await getTask(ctx, id);
  const language = requestLanguage(ctx, lang);
  const t = TEXTS[language];
  const units = PDF_LABELS[language].units;
  const [company, bins] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    pickBins(ctx, task, language, t.noBin),
  ]);
  const unitOf = (unit: string) => units[unit] ?? unit;
  const remaining = `${formatQuantity(task.remainingQuantity, language)} ${unitOf(task.bundle.unit)}`;
  const completed = new Decimal(task.completedQuantity);
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: task.number,
    dates: [
      { label: t.created, value: task.createdAt },
      { label: t.dueDate, value: task.dueDate },
      ...(task.startedAt ? [{ label: t.started, value: task.startedAt }] : []),
      ...(task.completedAt ? [{ label: t.completed, value: task.completedAt }] : []),
    ],
    parties: [
      { label: t.bundle, name: task.bundle.name, lines: [task.bundle.sku] },
      { label: t.warehouse, name: task.warehouse.name, lines: [task.warehouse.code] },
      task.assignee
        ? { label: t.assignee, name: task.assignee.name || task.assignee.username, lines: [task.assignee.username] }
        : { label: t.assignee, name: t.notAssigned },
    ],
    details: [
      { label: t.toAssemble, value: remaining },
      { label: t.status, value: t.statuses[task.status] },
      { label: t.sourceBin, value: task.sourceLocation?.code ?? t.pickingOrder },
      { label: t.targetBin, value: task.targetLocation?.code ?? t.receivingBin },
      ...(completed.gt(0)
        ? [
            {
              label: t.alreadyAssembled,
              value: `${formatQuantity(task.completedQuantity, language)} / ${formatQuantity(task.quantity, language)}`,
            },
          ]
        : []),
    ],
    columns: [
      { key: 'sku', label: t.sku, width: 16 },
      { key: 'name', label: t.name, width: 30 },
      { key: 'unit', label: t.unit, width: 8 },
      { key: 'perBundle', label: t.perBundle, width: 11, kind: 'quantity' },
      { key: 'needed', label: t.totalNeeded, width: 12, kind: 'quantity' },
      { key: 'bins', label: t.bins, width: 23 },
    ],
    lines: task.components.map((c) => ({
      sku: c.product.sku,
      name: c.product.name,
      unit: unitOf(c.product.unit),
      perBundle: c.perBundle,
      needed: c.neededForRemaining,
      bins: bins.get(c.product.id) ?? '',
    })),
    notes: task.notes,
    signatures: [t.assembledBy, t.checkedBy],
    printedAt: new Date(),
  });
  return sendPdf(ctx, task.number, body);
}

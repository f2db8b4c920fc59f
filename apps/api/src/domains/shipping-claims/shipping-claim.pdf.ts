import type { ShippingClaimKind, ShippingClaimStatus } from '@backoffice/contracts';
import { type PdfLanguage, pdfCompany, renderPdf, requestLanguage, sendPdf } from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getShippingClaim } from './shipping-claim.service.ts';

/** The claim as the carrier reads it: the parcel, the invoice, what was lost or damaged, the amount and evidence. */

interface Texts {
  title: string;
  claimDate: string;
  submitted: string;
  claimant: string;
  carrier: string;
  status: string;
  kind: string;
  invoice: string;
  order: string;
  customer: string;
  tracking: string;
  carrierReference: string;
  amountClaimed: string;
  approvedAmount: string;
  amountRecovered: string;
  evidence: string;
  sku: string;
  name: string;
  quantity: string;
  invoiced: string;
  total: string;
  signedFor: string;
  statuses: Record<ShippingClaimStatus, string>;
  kinds: Record<ShippingClaimKind, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Shipping claim',
    claimDate: 'Claim date',
    submitted: 'Submitted',
    claimant: 'Claimant',
    carrier: 'Carrier',
    status: 'Status',
    kind: 'Claim for',
    invoice: 'Invoice',
    order: 'Order',
    customer: 'Consignee',
    tracking: 'Tracking number',
    carrierReference: 'Carrier’s claim reference',
    amountClaimed: 'Amount claimed',
    approvedAmount: 'Amount approved',
    amountRecovered: 'Amount recovered',
    evidence: 'Evidence attached',
    sku: 'SKU',
    name: 'Name',
    quantity: 'Quantity claimed',
    invoiced: 'Quantity shipped',
    total: 'Total',
    signedFor: 'For the claimant',
    statuses: {
      OPEN: 'Open',
      SUBMITTED: 'Submitted',
      APPROVED: 'Approved',
      REJECTED: 'Rejected',
      PAID: 'Paid',
      CANCELED: 'Cancelled',
    },
    kinds: { LOST: 'Lost parcel', DAMAGED: 'Damaged parcel' },
  },
  es: {
    title: 'Reclamación de envío',
    claimDate: 'Fecha de la reclamación',
    submitted: 'Presentada',
    claimant: 'Reclamante',
    carrier: 'Transportista',
    status: 'Estado',
    kind: 'Motivo',
    invoice: 'Factura',
    order: 'Pedido',
    customer: 'Destinatario',
    tracking: 'Número de seguimiento',
    carrierReference: 'Referencia del transportista',
    amountClaimed: 'Importe reclamado',
    approvedAmount: 'Importe aprobado',
    amountRecovered: 'Importe recuperado',
    evidence: 'Pruebas adjuntas',
    sku: 'SKU',
    name: 'Nombre',
    quantity: 'Cantidad reclamada',
    invoiced: 'Cantidad enviada',
    total: 'Total',
    signedFor: 'Por el reclamante',
    statuses: {
      OPEN: 'Abierta',
      SUBMITTED: 'Presentada',
      APPROVED: 'Aprobada',
      REJECTED: 'Rechazada',
      PAID: 'Pagada',
      CANCELED: 'Cancelada',
    },
    kinds: { LOST: 'Paquete perdido', DAMAGED: 'Paquete dañado' },
  },
  pt: {
    title: 'Reclamação de envio',
    claimDate: 'Data da reclamação',
    submitted: 'Submetida',
    claimant: 'Reclamante',
    carrier: 'Transportadora',
    status: 'Estado',
    kind: 'Motivo',
    invoice: 'Fatura',
    order: 'Encomenda',
    customer: 'Destinatário',
    tracking: 'Número de seguimento',
    carrierReference: 'Referência da transportadora',
    amountClaimed: 'Montante reclamado',
    approvedAmount: 'Montante aprovado',
    amountRecovered: 'Montante recuperado',
    evidence: 'Provas anexas',
    sku: 'SKU',
    name: 'Nome',
    quantity: 'Quantidade reclamada',
    invoiced: 'Quantidade expedida',
    total: 'Total',
    signedFor: 'Pelo reclamante',
    statuses: {
      OPEN: 'Aberta',
      SUBMITTED: 'Submetida',
      APPROVED: 'Aprovada',
      REJECTED: 'Rejeitada',
      PAID: 'Paga',
      CANCELED: 'Cancelada',
    },
    kinds: { LOST: 'Encomenda perdida', DAMAGED: 'Encomenda danificada' },
  },
  de: {
    title: 'Versandreklamation',
    claimDate: 'Datum der Reklamation',
    submitted: 'Eingereicht',
    claimant: 'Anspruchsteller',
    carrier: 'Versanddienstleister',
    status: 'Status',
    kind: 'Grund',
    invoice: 'Rechnung',
    order: 'Bestellung',
    customer: 'Empfänger',
    tracking: 'Sendungsnummer',
    carrierReference: 'Aktenzeichen des Versanddienstleisters',
    amountClaimed: 'Geforderter Betrag',
    approvedAmount: 'Anerkannter Betrag',
    amountRecovered: 'Erstatteter Betrag',
    evidence: 'Beigefügte Nachweise',
    sku: 'SKU',
    name: 'Name',
    quantity: 'Reklamierte Menge',
    invoiced: 'Versandte Menge',
    total: 'Summe',
    signedFor: 'Für den Anspruchsteller',
    statuses: {
      OPEN: 'Offen',
      SUBMITTED: 'Eingereicht',
      APPROVED: 'Anerkannt',
      REJECTED: 'Abgelehnt',
      PAID: 'Bezahlt',
      CANCELED: 'Storniert',
    },
    kinds: { LOST: 'Paket verloren', DAMAGED: 'Paket beschädigt' },
  },
};

export async function shippingClaimPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const claim = await getShippingClaim(ctx.db, id);
  const company = await getSettingsGroup(ctx.db, 'company');
  const language = requestLanguage(ctx, lang);
  const t = TEXTS[language];
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: claim.number,
    dates: [
      { label: t.claimDate, value: claim.claimDate },
      ...(claim.submittedAt ? [{ label: t.submitted, value: claim.submittedAt }] : []),
    ],
    parties: [
      { label: t.claimant, name: company.name, lines: [company.vatNumber].filter(Boolean) },
      {
        label: t.carrier,
        name: claim.carrier.name,
        lines: [claim.carrier.code, ...(claim.carrierService ? [claim.carrierService.name] : [])],
      },
    ],
    details: [
      { label: t.status, value: t.statuses[claim.status] },
      { label: t.kind, value: t.kinds[claim.kind] },
      { label: t.invoice, value: claim.invoice.number },
      ...(claim.invoice.externalOrderId ? [{ label: t.order, value: claim.invoice.externalOrderId }] : []),
      { label: t.customer, value: claim.invoice.customerName },
      ...(claim.trackingNumber ? [{ label: t.tracking, value: claim.trackingNumber }] : []),
      ...(claim.carrierReference ? [{ label: t.carrierReference, value: claim.carrierReference }] : []),
      { label: t.evidence, value: claim.evidence.map((f) => f.originalName).join(', ') || '—' },
    ],
    columns: [
      { key: 'sku', label: t.sku, width: 18 },
      { key: 'name', label: t.name, width: 40 },
      { key: 'invoiced', label: t.invoiced, width: 14, kind: 'quantity' },
      { key: 'quantity', label: t.quantity, width: 14, kind: 'quantity' },
      { key: 'amount', label: t.amountClaimed, width: 16, kind: 'money' },
    ],
    lines: claim.lines.map((l) => ({
      sku: l.product.sku,
      name: l.product.name,
      invoiced: l.invoicedQuantity,
      quantity: l.quantity,
    })),
    totals: [
      { label: t.amountClaimed, values: { amount: claim.amountClaimed } },
      ...(claim.approvedAmount ? [{ label: t.approvedAmount, values: { amount: claim.approvedAmount } }] : []),
      ...(claim.amountRecovered ? [{ label: t.amountRecovered, values: { amount: claim.amountRecovered } }] : []),
    ],
    notes: claim.description,
    signatures: [t.signedFor],
    printedAt: new Date(),
    currency: 'GBP',
  });
  return sendPdf(ctx, claim.number, body);
}

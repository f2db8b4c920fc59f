import { ConnectorError } from '../../../../platform/connectors/http.ts';
import {
  createOnce,
  credential,
  gramsToKg,
  kgToGrams,
  londonDate,
  shipmentMemory,
  totalGrams,
  wholeCm,
  type XmlFields,
} from '../carrier-common.ts';
import type {
  CarrierConnector,
  CarrierShipment,
  CarrierShipmentRequest,
  ChannelAddress,
  ConnectorContext,
  ConnectorModule,
  TrackingState,
} from '../types.ts';
import { at, ExpressLink } from './expresslink.ts';

/**
 * Parcelforce Worldwide through ExpressLink v14: a shipment is booked (createShipment, a DELIVERY from the
 * contract's collection point, so no collection details are sent), then its label printed as one PDF of all its
 * parcels (printLabel; ExpressLink offers PDF or its XML data stream, no ZPL). ExpressLink cannot find a
 * shipment by our reference, so a retry reuses the shipment number booked for that reference in this process
 * (see `shipmentMemory`), and the product keeps the number it is given. ExpressLink has no tracking call.
 */

class ParcelforceConnector implements CarrierConnector {
  private readonly link: ExpressLink;
  private readonly contractNumber: string;

  constructor(private readonly ctx: ConnectorContext) {
    this.link = new ExpressLink(ctx);
    this.contractNumber = credential(ctx, 'contractNumber', 'Parcelforce contract number');
  }

  async testConnection(): Promise<string> {
    // Find with safe places only reads a list: the cheapest call that still checks the login.
    const reply = await this.link.call('Find', 'FindRequest', { SafePlaces: true });
    const places = at(reply, 'SafePlaceList', 'SafePlace');
    const count = Array.isArray(places) ? places.length : 0;
    const account = this.ctx.account.credentials.accountNumber?.trim();
    const of = account ? `account ${account}, contract ${this.contractNumber}` : `contract ${this.contractNumber}`;
    return `Parcelforce ExpressLink accepted the user ${this.link.userName} (${of}); it offers ${count} safe places.`;
  }

  async createShipment(s: CarrierShipmentRequest): Promise<CarrierShipment> {
    const { externalId: shipmentNumber } = await createOnce(this.ctx, {
      find: async () => shipmentMemory.get(this.ctx, s.reference),
      create: async () => {
        const number = await this.book(s);
        // Kept before the label is asked for: a failed label then reprints this shipment instead of booking another.
        const booked = { externalId: number, trackingNumbers: [number] };
        shipmentMemory.set(this.ctx, s.reference, booked);
        return booked;
      },
    });
    const reply = await this.link.call('printLabel', 'PrintLabelRequest', {
      ShipmentNumber: shipmentNumber,
      PrintFormat: 'PDF',
      PrintType: 'ALL_PARCELS',
    });
    const data = at(reply, 'Label', 'Data');
    const labelPdf = typeof data === 'string' ? Buffer.from(data, 'base64') : Buffer.alloc(0);
    if (!labelPdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
      throw new ConnectorError(`printLabel: the label of shipment ${shipmentNumber} is not a PDF`, { retryable: true });
    return { externalId: shipmentNumber, trackingNumbers: [shipmentNumber], labelPdf, labelZpl: null };
  }

  private async book(s: CarrierShipmentRequest): Promise<string> {
    const international = s.shipTo.countryCode.toUpperCase() !== 'GB';
    const requested: XmlFields = {
      ShipmentType: 'DELIVERY',
      ContractNumber: this.contractNumber,
      ServiceCode: s.serviceCode,
      ShippingDate: londonDate(s.shippingDate),
      RecipientContact: contact(s.shipTo),
      RecipientAddress: address(s.shipTo),
      TotalNumberOfParcels: s.parcels.length,
      TotalShipmentWeight: gramsToKg(totalGrams(s.parcels)),
      InternationalInfo: international
        ? {
            Parcels: {
              Parcel: s.parcels.map((p) => ({
                Weight: gramsToKg(kgToGrams(p.weightKg)),
                Length: wholeCm(p.lengthCm),
                Height: wholeCm(p.heightCm),
                Width: wholeCm(p.widthCm),
              })),
            },
            ShipmentDescription: s.contents.map((c) => `${c.quantity} x ${c.description}`).join(', ') || null,
          }
        : null,
      ReferenceNumber1: s.reference,
    };
    const reply = await this.link.call(
      'createShipment',
      'CreateShipmentRequest',
      { RequestedShipment: requested },
      true,
    );
    const completed = at(reply, 'CompletedShipmentInfo', 'CompletedShipments', 'CompletedShipment');
    const first = Array.isArray(completed) ? (completed[0] as Record<string, unknown> | undefined) : undefined;
    const number = at(reply, 'CompletedShipmentInfo', 'LeadShipmentNumber') ?? first?.ShipmentNumber;
    if (typeof number !== 'string' || !number)
      throw new ConnectorError(`createShipment: Parcelforce booked ${s.reference} but answered no shipment number`, {
        retryable: false,
      });
    return number;
  }

  async cancelShipment(externalId: string): Promise<void> {
    await this.link.call('CancelShipment', 'CancelShipmentRequest', { ShipmentNumber: externalId });
    shipmentMemory.forget(this.ctx, externalId);
  }

  async track(trackingNumbers: string[]): Promise<TrackingState[]> {
    // ExpressLink v14 books and prints only; Parcelforce's tracking is a separate service it does not expose.
    return trackingNumbers.map((trackingNumber) => ({
      trackingNumber,
      status: 'UNKNOWN',
      deliveredAt: null,
      lastEvent: 'Parcelforce ExpressLink has no tracking call: follow this parcel on parcelforce.com.',
    }));
  }
}

function contact(a: ChannelAddress): XmlFields {
  return { BusinessName: a.company ?? a.name, ContactName: a.name, EmailAddress: a.email, Telephone: a.phone };
}

function address(a: ChannelAddress): XmlFields {
  return {
    AddressLine1: a.line1,
    AddressLine2: a.line2,
    AddressLine3: a.line3 ?? a.county,
    Town: a.city,
    Postcode: a.postcode,
    Country: a.countryCode.toUpperCase(),
  };
}

export const parcelforceConnector: ConnectorModule<CarrierConnector> = {
  type: 'PARCELFORCE',
  kind: 'CARRIER',
  defaultBaseUrl: {
    PRODUCTION: 'https://expresslink.parcelforce.net/ws',
    SANDBOX: 'https://expresslink-uat1.neopost-id.com/ws',
  },
  credentialFields: [
    { name: 'username', label: 'ExpressLink user name', secret: false },
    { name: 'password', label: 'ExpressLink password', secret: true },
    { name: 'accountNumber', label: 'Account number', secret: false },
    { name: 'contractNumber', label: 'Contract number', secret: false },
  ],
  modelledOnly: false,
  create: (ctx) => new ParcelforceConnector(ctx),
};

import {
  type ChannelAccount,
  type ChannelAccountType,
  type ChannelListing,
  ChannelListingErrorCode,
  type ChannelListingInput,
} from '@backoffice/contracts';
import { Form, type FormInstance, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProductPicker } from '../../../lookups/product-picker.tsx';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useFormSave } from '../../../shared/ui/kit/form-errors.ts';
import { useCreateChannelListing, useUpdateChannelListing } from '../sync/api.ts';

const FORM_ID = 'channel-listing-form';

interface Values {
  accountId: string;
  productId: string;
  sku: string;
  externalId?: string;
  externalRef?: string;
}

/** What opens the form: a listing to change, or a new one (perhaps prefilled from a SKU sold but not mapped). */
export type ListingDraft = { listing: ChannelListing } | { accountId?: string; sku?: string };

const SERVER_ERRORS = {
  fields: ['accountId', 'productId', 'sku', 'externalId', 'externalRef'],
  codes: {
    [ChannelListingErrorCode.CHANNEL_LISTING_SKU_TAKEN]: 'sku',
    [ChannelListingErrorCode.CHANNEL_LISTING_ACCOUNT_NOT_CHANNEL]: 'accountId',
    PRODUCT_NOT_FOUND: 'productId',
  },
} as const;

/** The channel's own names for a listing's ids: ASIN on Amazon, listing and offer on eBay, and so on. */
const ID_WORDS: Partial<Record<ChannelAccountType, 'amazon' | 'ebay' | 'shopify'>> = {
  AMAZON: 'amazon',
  EBAY: 'ebay',
  SHOPIFY: 'shopify',
};

function ListingForm({
  draft,
  accounts,
  onSubmit,
}: {
  draft: ListingDraft;
  accounts: readonly ChannelAccount[];
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
}) {
  const { t } = useTranslation('channels');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const listing = 'listing' in draft ? draft.listing : null;
  const accountId = Form.useWatch('accountId', form);
  const type = accounts.find((a) => a.id === accountId)?.type ?? listing?.account.type;
  const words = (type && ID_WORDS[type]) || 'other';
  const required = { required: true, message: tc('form.required') };
  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      initialValues={
        listing
          ? {
              accountId: listing.account.id,
              productId: listing.product.id,
              sku: listing.sku,
              externalId: listing.externalId ?? '',
              externalRef: listing.externalRef ?? '',
            }
          : { accountId: 'accountId' in draft ? draft.accountId : undefined, sku: 'sku' in draft ? draft.sku : '' }
      }
    >
      <Form.Item name="accountId" label={t('listings.fields.account')} rules={[required]}>
        <Select
          disabled={!!listing}
          data-testid="listing-account"
          options={accounts.map((a) => ({ value: a.id, label: `${a.name} · ${t(`types.${a.type}`)}` }))}
        />
      </Form.Item>
      <Form.Item name="productId" label={t('listings.fields.product')} rules={[required]}>
        <ProductPicker
          ariaLabel={t('listings.fields.product')}
          testId="listing-product"
          {...(listing ? { known: listing.product } : {})}
        />
      </Form.Item>
      <Form.Item name="sku" label={t('listings.fields.sku')} rules={[required, { max: 100 }]}>
        <Input data-testid="listing-sku" />
      </Form.Item>
      <Form.Item name="externalId" label={t(`listings.externalId.${words}`)} rules={[{ max: 200 }]}>
        <Input data-testid="listing-external-id" />
      </Form.Item>
      <Form.Item name="externalRef" label={t(`listings.externalRef.${words}`)} rules={[{ max: 200 }]}>
        <Input data-testid="listing-external-ref" />
      </Form.Item>
    </Form>
  );
}

/** Create or change a listing: account (a sales channel's), product, the channel's SKU and its ids. */
export function ListingFormDrawer({
  draft,
  accounts,
  onClose,
}: {
  draft: ListingDraft | null;
  accounts: readonly ChannelAccount[];
  onClose: () => void;
}) {
  const { t } = useTranslation('channels');
  const create = useCreateChannelListing();
  const update = useUpdateChannelListing();
  const { failure, close, submit } = useFormSave<Values>(SERVER_ERRORS, onClose);
  const listing = draft && 'listing' in draft ? draft.listing : null;

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    const body: ChannelListingInput = {
      accountId: values.accountId,
      productId: values.productId,
      sku: values.sku.trim(),
      externalId: values.externalId?.trim() || null,
      externalRef: values.externalRef?.trim() || null,
    };
    await submit(
      form,
      body,
      (idempotencyKey) =>
        listing ? update.mutateAsync({ id: listing.id, body }) : create.mutateAsync({ body, idempotencyKey }),
      !listing,
    );
  };

  return (
    <FormDrawer
      open={draft !== null}
      onClose={close}
      title={listing ? t('listings.editTitle', { sku: listing.sku }) : t('listings.createTitle')}
      formId={FORM_ID}
      width={520}
      saving={create.isPending || update.isPending}
      failure={failure}
      testId="listing-form"
    >
      {draft ? (
        <ListingForm
          key={listing?.id ?? ('sku' in draft ? `new-${draft.sku}` : 'new')}
          draft={draft}
          accounts={accounts}
          onSubmit={handleSubmit}
        />
      ) : null}
    </FormDrawer>
  );
}

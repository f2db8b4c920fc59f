import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PARTNER_LIMITS, SALES_CHANNELS, type SalesChannel } from '@backoffice/contracts';
import { Button, Form, Input, Select, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePartnerRules } from '../../partners-shared/index.ts';

/** A channel id as the form holds it. */
export interface ChannelIdFormValues {
  channel: SalesChannel;
  externalId: string;
}

/**
 * The ids sales channels know a customer by (`channelIds`): a channel and its id, each pair listed
 * once (the server also refuses one another customer holds).
 */
export function ChannelIdListField() {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const rules = usePartnerRules();
  const form = Form.useFormInstance();

  const notListedTwice = (index: number) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const ids: ChannelIdFormValues[] = form.getFieldValue('channelIds') ?? [];
      const mine = ids[index];
      const id = typeof value === 'string' ? value.trim() : '';
      if (!mine || !id) return;
      const earlier = ids.slice(0, index).some((o) => o?.channel === mine.channel && o.externalId?.trim() === id);
      if (earlier) throw new Error(t('validation.duplicateChannelId'));
    },
  });

  return (
    <Form.List name="channelIds">
      {(fields, { add, remove }) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXS }}>
          {fields.length === 0 ? (
            <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('channelId.none')}</p>
          ) : null}
          {fields.map(({ key, name }) => (
            <div key={key} style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'flex-start' }}>
              <Form.Item
                name={[name, 'channel']}
                label={t('channelId.channel')}
                rules={[{ required: true }]}
                style={{ minWidth: 160, marginBottom: token.marginXS }}
              >
                <Select options={SALES_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
              </Form.Item>
              <Form.Item
                name={[name, 'externalId']}
                label={t('channelId.externalId')}
                dependencies={[['channelIds', name, 'channel']]}
                rules={[rules.required, rules.max(PARTNER_LIMITS.externalId), notListedTwice(name)]}
                style={{ flex: '1 1 220px', marginBottom: token.marginXS }}
              >
                <Input autoComplete="off" maxLength={PARTNER_LIMITS.externalId} spellCheck={false} />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('channelId.remove')} ${name + 1}`}
                style={{ marginTop: 30 }}
                onClick={() => remove(name)}
              />
            </div>
          ))}
          <div>
            <Button
              icon={<PlusOutlined />}
              data-testid="add-channel-id"
              onClick={() => add({ channel: 'EBAY', externalId: '' })}
            >
              {t('channelId.add')}
            </Button>
          </div>
        </div>
      )}
    </Form.List>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ADDRESS_HOME_COUNTRY, type PartnerAddressKind, POSTAL_ADDRESS_LIMITS } from '@backoffice/contracts';
import { Button, Col, Form, Input, Row, Select, Switch, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../shared/ui/panel.tsx';
import { CountrySelect } from './country-select.tsx';
import { usePartnerRules } from './rules.ts';

/** An address as the form holds it. */
export interface AddressFormValues {
  kind: PartnerAddressKind;
  line1: string;
  line2?: string | null;
  city: string;
  county?: string | null;
  postcode?: string | null;
  country: string;
  isDefault: boolean;
}

export function newAddress(kind: PartnerAddressKind): AddressFormValues {
  return {
    kind,
    line1: '',
    line2: '',
    city: '',
    county: '',
    postcode: '',
    country: ADDRESS_HOME_COUNTRY,
    isDefault: false,
  };
}

/**
 * The addresses of a form (`addresses`): each with its use, lines, town, county, postcode (checked
 * for its country) and country; marking one the default of its use unmarks the others of that use.
 */
export function AddressListField({ kinds }: { kinds: readonly PartnerAddressKind[] }) {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const rules = usePartnerRules();
  const form = Form.useFormInstance();
  const firstKind = kinds[0] ?? 'billing';

  const makeDefault = (index: number, isDefault: boolean) => {
    if (!isDefault) return;
    const addresses: AddressFormValues[] = form.getFieldValue('addresses') ?? [];
    const kind = addresses[index]?.kind;
    form.setFieldValue(
      'addresses',
      addresses.map((a, i) => (i !== index && a.kind === kind ? { ...a, isDefault: false } : a)),
    );
  };

  return (
    <Form.List name="addresses">
      {(fields, { add, remove }) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.margin }}>
          {fields.length === 0 ? (
            <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('address.none')}</p>
          ) : null}
          {fields.map(({ key, name }) => (
            <Panel
              key={key}
              title={t('address.title', { n: name + 1 })}
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('address.remove')} ${name + 1}`}
                  data-testid={`remove-address-${name}`}
                  onClick={() => remove(name)}
                />
              }
            >
              <Row gutter={token.margin}>
                <Col xs={24} md={12}>
                  <Form.Item name={[name, 'kind']} label={t('address.kind')} rules={[{ required: true }]}>
                    <Select options={kinds.map((k) => ({ value: k, label: t(`addressKinds.${k}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={[name, 'isDefault']} label={t('address.isDefault')} valuePropName="checked">
                    <Switch onChange={(checked) => makeDefault(name, checked)} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'line1']}
                    label={t('address.line1')}
                    rules={[rules.required, rules.max(POSTAL_ADDRESS_LIMITS.line)]}
                  >
                    <Input autoComplete="off" maxLength={POSTAL_ADDRESS_LIMITS.line} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'line2']}
                    label={t('address.line2')}
                    rules={[rules.max(POSTAL_ADDRESS_LIMITS.line)]}
                  >
                    <Input autoComplete="off" maxLength={POSTAL_ADDRESS_LIMITS.line} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'city']}
                    label={t('address.city')}
                    rules={[rules.required, rules.max(POSTAL_ADDRESS_LIMITS.city)]}
                  >
                    <Input autoComplete="off" maxLength={POSTAL_ADDRESS_LIMITS.city} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'county']}
                    label={t('address.county')}
                    rules={[rules.max(POSTAL_ADDRESS_LIMITS.county)]}
                  >
                    <Input autoComplete="off" maxLength={POSTAL_ADDRESS_LIMITS.county} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'postcode']}
                    label={t('address.postcode')}
                    dependencies={[['addresses', name, 'country']]}
                    normalize={(value: string) => value.toUpperCase()}
                    rules={[rules.max(POSTAL_ADDRESS_LIMITS.postcode), rules.postcode(['addresses', name, 'country'])]}
                  >
                    <Input autoComplete="off" maxLength={POSTAL_ADDRESS_LIMITS.postcode} spellCheck={false} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'country']}
                    label={t('address.country')}
                    rules={[{ required: true, message: t('validation.country') }]}
                  >
                    <CountrySelect />
                  </Form.Item>
                </Col>
              </Row>
            </Panel>
          ))}
          <div>
            <Button icon={<PlusOutlined />} data-testid="add-address" onClick={() => add(newAddress(firstKind))}>
              {t('address.add')}
            </Button>
          </div>
        </div>
      )}
    </Form.List>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PARTNER_LIMITS } from '@backoffice/contracts';
import { Button, Col, Form, Input, Row, Switch, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../shared/ui/panel.tsx';
import { usePartnerRules } from '../../partners-shared/index.ts';

/** A contact as the form holds it. */
export interface ContactFormValues {
  name: string;
  role?: string | null;
  email?: string | null;
  phone?: string | null;
  isPrimary: boolean;
}

/**
 * The contacts of a business partner (`contacts`): name, role, e-mail and phone, checked as the
 * server checks them; marking one primary unmarks the others (the first is primary when none is).
 */
export function ContactListField() {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const rules = usePartnerRules();
  const form = Form.useFormInstance();

  const makePrimary = (index: number, isPrimary: boolean) => {
    if (!isPrimary) return;
    const contacts: ContactFormValues[] = form.getFieldValue('contacts') ?? [];
    form.setFieldValue(
      'contacts',
      contacts.map((c, i) => (i === index ? c : { ...c, isPrimary: false })),
    );
  };

  return (
    <Form.List name="contacts">
      {(fields, { add, remove }) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: token.margin }}>
          {fields.length === 0 ? (
            <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('contact.none')}</p>
          ) : null}
          {fields.map(({ key, name }) => (
            <Panel
              key={key}
              title={t('contact.title', { n: name + 1 })}
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('contact.remove')} ${name + 1}`}
                  data-testid={`remove-contact-${name}`}
                  onClick={() => remove(name)}
                />
              }
            >
              <Row gutter={token.margin}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'name']}
                    label={t('contact.name')}
                    rules={[rules.required, rules.max(PARTNER_LIMITS.contactName)]}
                  >
                    <Input autoComplete="off" maxLength={PARTNER_LIMITS.contactName} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'role']}
                    label={t('contact.role')}
                    rules={[rules.max(PARTNER_LIMITS.contactRole)]}
                  >
                    <Input autoComplete="off" maxLength={PARTNER_LIMITS.contactRole} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'email']}
                    label={t('contact.email')}
                    rules={[rules.max(PARTNER_LIMITS.email), rules.email]}
                  >
                    <Input type="email" autoComplete="off" maxLength={PARTNER_LIMITS.email} spellCheck={false} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[name, 'phone']}
                    label={t('contact.phone')}
                    rules={[rules.max(PARTNER_LIMITS.phone), rules.phone]}
                  >
                    <Input type="tel" autoComplete="off" maxLength={PARTNER_LIMITS.phone} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name={[name, 'isPrimary']} label={t('contact.isPrimary')} valuePropName="checked">
                    <Switch onChange={(checked) => makePrimary(name, checked)} />
                  </Form.Item>
                </Col>
              </Row>
            </Panel>
          ))}
          <div>
            <Button
              icon={<PlusOutlined />}
              data-testid="add-contact"
              onClick={() => add({ name: '', role: '', email: '', phone: '', isPrimary: fields.length === 0 })}
            >
              {t('contact.add')}
            </Button>
          </div>
        </div>
      )}
    </Form.List>
  );
}

import {
  DOCUMENT_KINDS,
  DOCUMENT_NUMBER_FORMAT_MAX_LENGTH,
  type DocumentKind,
  type DocumentNumberSettings,
  documentNumberFormatProblem,
  formatDocumentNumber,
  type SystemConfiguration,
} from '@backoffice/contracts';
import { Col, Form, type FormInstance, Input, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionForm } from './section-form.tsx';

const valuesOf = (c: SystemConfiguration): DocumentNumberSettings => ({ ...c.documentNumbers });
const toPatch = (v: DocumentNumberSettings) =>
  Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, v[kind].trim()])) as DocumentNumberSettings;

/** The number the next document of a kind would get with the format as typed. */
function Preview({
  form,
  kind,
  configuration,
}: {
  form: FormInstance<DocumentNumberSettings>;
  kind: DocumentKind;
  configuration: SystemConfiguration;
}) {
  const { t } = useTranslation('configuration');
  const { token } = theme.useToken();
  const format = (Form.useWatch(kind, form) ?? '').trim();
  const [year = 0, month = 0, day = 0] = configuration.status.today.split('-').map((p) => Number.parseInt(p, 10));
  const valid = !documentNumberFormatProblem(format);
  return (
    <output
      data-testid={`preview-${kind}`}
      aria-live="polite"
      style={{ display: 'block', color: valid ? token.colorText : token.colorTextTertiary, paddingTop: 5 }}
    >
      {valid ? (
        <>
          {t('documentNumbers.next')}{' '}
          <bdi style={{ fontFamily: token.fontFamilyCode }}>
            {formatDocumentNumber(format, { year, month, day }, configuration.status.nextSequences[kind] ?? '1')}
          </bdi>
        </>
      ) : (
        '—'
      )}
    </output>
  );
}

/** Document number formats per kind of document, each with a live preview of its next number. */
export function DocumentNumbersSection({
  configuration,
  canEdit,
}: {
  configuration: SystemConfiguration;
  canEdit: boolean;
}) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  return (
    <SectionForm
      group="documentNumbers"
      configuration={configuration}
      valuesOf={valuesOf}
      toPatch={toPatch}
      canEdit={canEdit}
    >
      {(form) => (
        <>
          <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t('documentNumbers.help')}</p>
          {DOCUMENT_KINDS.map((kind) => (
            <Row key={kind} gutter={16} align="top">
              <Col xs={24} md={14}>
                <Form.Item
                  name={kind}
                  label={t(`documentKinds.${kind}`)}
                  rules={[
                    { required: true, whitespace: true, message: tc('form.required') },
                    {
                      validator: (_, value: string | undefined) =>
                        !value || !documentNumberFormatProblem(value.trim())
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('validation.format'))),
                    },
                  ]}
                >
                  <Input
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={DOCUMENT_NUMBER_FORMAT_MAX_LENGTH}
                    style={{ fontFamily: token.fontFamilyCode }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={10} style={{ paddingTop: 30 }}>
                <Preview form={form} kind={kind} configuration={configuration} />
              </Col>
            </Row>
          ))}
        </>
      )}
    </SectionForm>
  );
}

import { EmailList, type NotificationSettingsPatch, type SystemConfiguration } from '@backoffice/contracts';
import { Alert, Button, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useUpdateSettings } from './api.ts';
import { EmailTags } from './email-tags.tsx';
import { schemaRule } from './rules.ts';
import { SectionForm } from './section-form.tsx';

interface Values {
  settlementRecipients: string[];
  lowStockAlerts: boolean;
  lowStockRecipients: string[];
}

const valuesOf = (c: SystemConfiguration): Values => ({ ...c.notifications });
const toPatch = (v: Values): NotificationSettingsPatch => ({
  settlementRecipients: v.settlementRecipients,
  lowStockAlerts: v.lowStockAlerts,
  lowStockRecipients: v.lowStockRecipients,
});

/** Who is told what by e-mail: settled purchase invoices, and products falling to their reorder point. */
export function NotificationsSection({
  configuration,
  canEdit,
}: {
  configuration: SystemConfiguration;
  canEdit: boolean;
}) {
  const { t } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const reset = useUpdateSettings('notifications');
  const fromEnvironment = configuration.status.settlementRecipientsSource === 'environment';
  const restoreEnvironmentList = async () => {
    try {
      await reset.mutateAsync({ settlementRecipients: null });
      notifySuccess(tc('form.saved'));
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(text);
    }
  };
  return (
    <SectionForm
      // A new form when the saved list is forgotten, so that it shows the environment's again.
      key={configuration.status.settlementRecipientsSource}
      group="notifications"
      configuration={configuration}
      valuesOf={valuesOf}
      toPatch={toPatch}
      canEdit={canEdit}
    >
      {() => (
        <>
          <Form.Item
            name="settlementRecipients"
            label={t('notifications.settlementRecipients')}
            extra={t('notifications.settlementRecipientsHelp')}
            rules={[schemaRule(EmailList, t('validation.emailList'))]}
          >
            <EmailTags disabled={!canEdit} testId="settlement-recipients" />
          </Form.Item>
          <Alert
            type="info"
            showIcon
            title={fromEnvironment ? t('notifications.fromEnvironment') : t('notifications.saved')}
            action={
              !fromEnvironment && canEdit ? (
                <Button size="small" onClick={() => void restoreEnvironmentList()} loading={reset.isPending}>
                  {t('notifications.useEnvironment')}
                </Button>
              ) : undefined
            }
            style={{ marginBottom: 24 }}
          />
          <Form.Item name="lowStockAlerts" label={t('notifications.lowStockAlerts')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="lowStockRecipients"
            label={t('notifications.lowStockRecipients')}
            dependencies={['lowStockAlerts']}
            rules={[
              schemaRule(EmailList, t('validation.emailList')),
              ({ getFieldValue }) => ({
                validator: (_, value: string[] | undefined) =>
                  getFieldValue('lowStockAlerts') && !value?.length
                    ? Promise.reject(new Error(t('validation.lowStockRecipients')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <EmailTags disabled={!canEdit} testId="low-stock-recipients" />
          </Form.Item>
        </>
      )}
    </SectionForm>
  );
}

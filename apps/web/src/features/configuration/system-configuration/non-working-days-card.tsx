import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { NON_WORKING_DAY_NAME_MAX_LENGTH, type NonWorkingDay } from '@backoffice/contracts';
import { Alert, Button, Card, DatePicker, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableRef } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nonWorkingDaysEndpoints as api } from '../../../shared/api/endpoints/non-working-days.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/api/hooks.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useFocusableScroll } from '../../../shared/ui/kit/scroll-focus.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/states.tsx';

interface Values {
  day: Dayjs | null;
  name: string;
}

const isWeekend = (d: Dayjs) => d.day() === 0 || d.day() === 6;

/**
 * Non-working days (bank holidays and closures) of one year: dispatch promises count working days past them as
 * past weekends. An editor saves a weekday with its name (saving a listed day renames it) or makes one working
 * again; weekends cannot be picked.
 */
export function NonWorkingDaysCard({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('configuration');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  // The earlier year is towards the start of the line: the left in English, the right in Arabic script.
  const rtl = useDirection().direction === 'rtl';
  const [year, setYear] = useState(() => dayjs().year());
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const tableRef = useRef<TableRef>(null);
  useFocusableScroll(tableRef, tc('table.scrollable'));
  const list = useEndpointQuery(api.listNonWorkingDays, { query: { year } }, { keepPreviousData: true });
  const save = useEndpointMutation(api.putNonWorkingDay, {
    input: (v: { day: string; name: string }) => ({ params: { day: v.day }, body: { name: v.name } }),
  });
  const remove = useEndpointMutation(api.deleteNonWorkingDay, {
    input: (day: string) => ({ params: { day } }),
  });
  const weekday = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

  const handleFinish = async (values: Values) => {
    if (!values.day) return;
    setFailure(null);
    const day = values.day.format('YYYY-MM-DD');
    try {
      await save.mutateAsync({ day, name: values.name });
      notifySuccess(t('nonWorkingDays.saved', { day }));
      form.resetFields();
      setYear(values.day.year());
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  const handleRemove = async (day: string) => {
    setFailure(null);
    try {
      await remove.mutateAsync(day);
      notifySuccess(t('nonWorkingDays.removed', { day }));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Card
      size="small"
      data-testid="non-working-days"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('nonWorkingDays.title')}</h2>}
      extra={
        <Space size={4}>
          <Button
            icon={rtl ? <RightOutlined /> : <LeftOutlined />}
            aria-label={t('nonWorkingDays.previousYear')}
            onClick={() => setYear((y) => y - 1)}
            disabled={year <= 2000}
          />
          <Typography.Text strong data-testid="non-working-days-year" aria-live="polite">
            {year}
          </Typography.Text>
          <Button
            icon={rtl ? <LeftOutlined /> : <RightOutlined />}
            aria-label={t('nonWorkingDays.nextYear')}
            onClick={() => setYear((y) => y + 1)}
            disabled={year >= 2100}
          />
        </Space>
      }
      style={{ maxWidth: 880, marginTop: 24 }}
    >
      <Typography.Paragraph type="secondary">{t('nonWorkingDays.intro')}</Typography.Paragraph>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {canEdit ? (
        <Form<Values>
          form={form}
          name="non-working-day"
          layout="inline"
          onFinish={handleFinish}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item
            name="day"
            label={t('nonWorkingDays.day')}
            rules={[{ required: true, message: t('nonWorkingDays.dayRequired') }]}
          >
            <DatePicker
              data-testid="non-working-day-date"
              disabledDate={isWeekend}
              format="YYYY-MM-DD"
              onChange={(value: Dayjs | null) => {
                const listed = value && list.data?.items.find((d) => d.day === value.format('YYYY-MM-DD'));
                if (listed) form.setFieldValue('name', listed.name);
              }}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('nonWorkingDays.name')}
            rules={[
              { required: true, whitespace: true, message: t('nonWorkingDays.nameRequired') },
              { max: NON_WORKING_DAY_NAME_MAX_LENGTH },
            ]}
          >
            <Input data-testid="non-working-day-name" maxLength={NON_WORKING_DAY_NAME_MAX_LENGTH} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" type="primary" loading={save.isPending} data-testid="non-working-day-save">
              {t('nonWorkingDays.save')}
            </Button>
          </Form.Item>
        </Form>
      ) : null}
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Spinner minHeight={120} />
      ) : (
        <Table<NonWorkingDay>
          ref={tableRef}
          data-testid="non-working-days-table"
          size="small"
          rowKey="day"
          pagination={false}
          loading={list.isFetching && list.isPlaceholderData}
          dataSource={list.data.items}
          scroll={{ x: true }}
          locale={{ emptyText: <EmptyState /> }}
          columns={[
            { key: 'day', title: t('nonWorkingDays.day'), render: (_, r) => <bdi>{r.day}</bdi> },
            { key: 'weekday', title: t('nonWorkingDays.weekday'), render: (_, r) => weekday(r.day) },
            { key: 'name', title: t('nonWorkingDays.name'), render: (_, r) => <bdi>{r.name}</bdi> },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: tc('table.actions'),
                    render: (_: unknown, r: NonWorkingDay) => (
                      <Space size={0} wrap>
                        <Button
                          type="link"
                          onClick={() => form.setFieldsValue({ day: dayjs(r.day), name: r.name })}
                          aria-label={t('nonWorkingDays.renameDay', { day: r.day })}
                        >
                          {t('nonWorkingDays.rename')}
                        </Button>
                        <Popconfirm
                          title={t('nonWorkingDays.removeConfirm', { day: r.day, name: r.name })}
                          okText={t('nonWorkingDays.remove')}
                          cancelText={tc('actions.cancel')}
                          onConfirm={() => handleRemove(r.day)}
                        >
                          <Button
                            type="link"
                            danger
                            aria-label={t('nonWorkingDays.removeDay', { day: r.day })}
                            data-testid={`non-working-day-remove-${r.day}`}
                          >
                            {t('nonWorkingDays.remove')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}

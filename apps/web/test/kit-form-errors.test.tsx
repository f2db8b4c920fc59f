// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, SilentError } from '../src/shared/lib/errors.ts';
import { issuePath, mapServerError, useServerErrors } from '../src/shared/ui/kit/form-errors.ts';
import { setUpUi } from './ui-setup.tsx';

beforeAll(setUpUi);
afterEach(cleanup);

/** The API's 400 answer, as app.ts builds it from the zod issues. */
const validation = (issues: { path: string; message: string }[]) =>
  new ApiError(400, 'VALIDATION_FAILED', 'Some values are not valid.', { issues });

const FIELDS = ['code', 'name', 'addresses'] as const;

/** The channel id a duplicate names, by its index in the answer's details. */
const channelField = (e: ApiError) => ['channelIds', Number((e.details as { index: number }).index), 'externalId'];

/** What the form test reaches into: the form and the hook's handle and clear. */
const probe: { form?: FormInstance; handle: (error: unknown) => void; clear: () => void } = {
  handle: () => undefined,
  clear: () => undefined,
};

function Editor() {
  const [instance] = Form.useForm();
  const errors = useServerErrors(instance, { fields: FIELDS, codes: { CODE_TAKEN: 'code' } });
  probe.form = instance;
  probe.handle = errors.handle;
  probe.clear = errors.clear;
  return (
    <Form form={instance}>
      <div data-testid="failure">{errors.failure ?? ''}</div>
      <Form.Item name="code">
        <Input />
      </Form.Item>
      <Form.Item name="name">
        <Input />
      </Form.Item>
    </Form>
  );
}

describe('server errors onto a form', () => {
  it('reads an issue path as a field path', () => {
    expect(issuePath('body.addresses.0.postcode')).toEqual(['addresses', 0, 'postcode']);
    expect(issuePath('body.code')).toEqual(['code']);
    expect(issuePath('body')).toEqual([]);
  });

  it('puts each VALIDATION_FAILED issue under the field its path names, and the rest above the form', () => {
    const error = validation([
      { path: 'body.code', message: 'Use letters and digits only' },
      { path: 'body.addresses.1.postcode', message: 'Not a UK postcode' },
      { path: 'body.secret', message: 'Unrecognized key' },
      { path: 'query.page', message: 'Too big' },
    ]);
    const mapped = mapServerError(error, 'Some values are not valid.', { fields: FIELDS });
    expect(mapped.fields).toEqual([
      { name: ['code'], errors: ['Use letters and digits only'] },
      { name: ['addresses', 1, 'postcode'], errors: ['Not a UK postcode'] },
    ]);
    expect(mapped.formMessage).toBe('secret: Unrecognized key; query.page: Too big');
  });

  it('shows the whole message above the form when no issue names a field of it', () => {
    const error = validation([{ path: 'body', message: 'Expected object' }]);
    expect(mapServerError(error, 'Some values are not valid.', { fields: FIELDS })).toEqual({
      fields: [],
      formMessage: 'Some values are not valid.',
    });
  });

  it('puts an error code that belongs to a field under that field, with the translated text', () => {
    const taken = new ApiError(409, 'BRAND_CODE_TAKEN', 'A brand with this code already exists.');
    expect(mapServerError(taken, 'Translated: taken', { fields: FIELDS, codes: { BRAND_CODE_TAKEN: 'code' } })).toEqual(
      {
        fields: [{ name: ['code'], errors: ['Translated: taken'] }],
        formMessage: null,
      },
    );
    const duplicate = new ApiError(409, 'DUPLICATE_CHANNEL_ID', 'Taken', { index: 2 });
    const byDetails = mapServerError(duplicate, 'Taken', {
      fields: ['channelIds'],
      codes: {
        DUPLICATE_CHANNEL_ID: channelField,
      },
    });
    expect(byDetails.fields).toEqual([{ name: ['channelIds', 2, 'externalId'], errors: ['Taken'] }]);
  });

  it('leaves other errors to the form-level alert, and shows nothing for an error already dealt with', () => {
    const conflict = new ApiError(409, 'STALE', 'Someone else changed it.');
    expect(mapServerError(conflict, 'Someone else changed it.', { fields: FIELDS })).toEqual({
      fields: [],
      formMessage: 'Someone else changed it.',
    });
    expect(mapServerError(new SilentError('403'), null, { fields: FIELDS })).toEqual({ fields: [], formMessage: null });
    expect(mapServerError(new Error('offline'), 'Something went wrong', { fields: FIELDS }).formMessage).toBe(
      'Something went wrong',
    );
  });

  it('sets the fields of the form and keeps the rest as the failure (useServerErrors)', () => {
    render(<Editor />);
    act(() =>
      probe.handle(
        validation([
          { path: 'body.name', message: 'Too long' },
          { path: 'body.other', message: 'Not allowed' },
        ]),
      ),
    );
    expect(probe.form?.getFieldError('name')).toEqual(['Too long']);
    expect(screen.getByTestId('failure').textContent).toBe('other: Not allowed');
    act(() => probe.handle(new ApiError(409, 'CODE_TAKEN', 'This code is taken.')));
    expect(probe.form?.getFieldError('code')).toEqual(['This code is taken.']);
    expect(screen.getByTestId('failure').textContent).toBe('');
    act(() => probe.handle(new ApiError(409, 'STALE', 'Someone else changed it.')));
    expect(screen.getByTestId('failure').textContent).toBe('Someone else changed it.');
    act(() => probe.clear());
    expect(screen.getByTestId('failure').textContent).toBe('');
  });
});

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addOne,
  applyScan,
  blankLine,
  type EditorLine,
  type LineProduct,
  lineProblems,
  pickScanned,
  quantityProblem,
} from '../src/shared/ui/documents/lines.ts';
import { type BinFieldProps, LinesEditor, type ProductFieldProps } from '../src/shared/ui/documents/lines-editor.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(setUpUi);
afterEach(cleanup);

const CABLE: LineProduct = { id: 'p-cable', sku: 'CAB-1', name: 'Charging cable', unit: 'Unit' };
const FLOUR: LineProduct = { id: 'p-flour', sku: 'FLR-1', name: 'Flour', unit: 'Kilogram (Kg)' };
/** What the lookup answers: a SKU, or the cable's barcode. */
const CATALOGUE: Record<string, LineProduct[]> = {
  'cab-1': [CABLE],
  '5012345678900': [CABLE],
  'flr-1': [FLOUR],
  cab: [CABLE, { ...CABLE, id: 'p-cab-2', sku: 'CAB-2' }],
};
const find = async (code: string) => CATALOGUE[code.toLowerCase()] ?? [];

/** Stand-ins for the pickers, which search the server: the product's SKU as text, the bin as an input. */
function ProductStub({ known, ariaLabel, testId }: ProductFieldProps) {
  return <input readOnly aria-label={ariaLabel} data-testid={testId} value={known?.sku ?? ''} />;
}
function BinStub({ value, onChange, testId, 'aria-label': label }: BinFieldProps) {
  return (
    <input aria-label={label} data-testid={testId} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  );
}

function Harness({ initial, showErrors = false }: { initial?: EditorLine[]; showErrors?: boolean }) {
  const [lines, setLines] = useState<EditorLine[]>(initial ?? [blankLine(['to'])]);
  return (
    <>
      <LinesEditor
        value={lines}
        onChange={setLines}
        testIdPrefix="line"
        findByCode={find}
        showErrors={showErrors}
        bins={[
          {
            key: 'to',
            label: 'Destination bin',
            warehouseId: 'w1',
            placeholder: 'Receiving bin',
            ariaLabel: (n) => `Destination bin of line ${n}`,
            testId: 'line-to-bin',
          },
        ]}
        components={{ ProductField: ProductStub, BinField: BinStub }}
      />
      <output data-testid="state">{JSON.stringify(lines.map((l) => [l.product?.sku ?? null, l.quantity]))}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '[]') as [string | null, string][];
async function scan(code: string) {
  const box = screen.getByTestId('line-scan');
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  await waitFor(() => expect((screen.getByTestId('line-scan') as HTMLInputElement).disabled).toBe(false));
}

describe('LinesEditor: the scanner', () => {
  it('fills the blank first line, then counts one more on each scan of the same product', async () => {
    renderUi(<Harness />);
    await scan('CAB-1');
    expect(state()).toEqual([['CAB-1', '1']]);
    expect(screen.getByTestId('line-scan-feedback').textContent).toBe('CAB-1: line 1, quantity 1.');
    expect((screen.getByTestId('line-scan') as HTMLInputElement).value).toBe('');
    // The barcode of the same product counts on the same line.
    await scan('5012345678900');
    await scan('cab-1');
    expect(state()).toEqual([['CAB-1', '3']]);
    await scan('FLR-1');
    expect(state()).toEqual([
      ['CAB-1', '3'],
      ['FLR-1', '1'],
    ]);
    expect(screen.getAllByTestId('line')).toHaveLength(2);
  });

  it('says when a code matches no product or several, and changes nothing', async () => {
    renderUi(<Harness />);
    await scan('NOPE');
    expect(screen.getByTestId('line-scan-feedback').textContent).toBe('No product has the code NOPE.');
    await scan('cab');
    expect(screen.getByTestId('line-scan-feedback').textContent).toContain('Several products match cab');
    expect(state()).toEqual([[null, '']]);
  });

  it('Enter in a quantity goes to the next field instead of submitting', async () => {
    renderUi(<Harness initial={[{ ...blankLine(['to']), product: CABLE, quantity: '2' }]} />);
    const quantity = screen.getByTestId('line-quantity');
    quantity.focus();
    const submitted = !fireEvent.keyDown(quantity, { key: 'Enter', code: 'Enter' });
    expect(submitted).toBe(true); // the default (the form's submission) was prevented
    expect(document.activeElement).toBe(screen.getByTestId('line-to-bin'));
  });

  it('Ctrl+Delete removes the line, and Undo puts it back where it was', async () => {
    renderUi(
      <Harness
        initial={[
          { ...blankLine(['to']), product: CABLE, quantity: '2' },
          { ...blankLine(['to']), product: FLOUR, quantity: '1.5' },
        ]}
      />,
    );
    const first = screen.getAllByTestId('line-quantity')[0] as HTMLElement;
    fireEvent.keyDown(first, { key: 'Delete', ctrlKey: true });
    expect(state()).toEqual([['FLR-1', '1.5']]);
    await act(async () => fireEvent.click(screen.getByTestId('line-undo')));
    expect(state()).toEqual([
      ['CAB-1', '2'],
      ['FLR-1', '1.5'],
    ]);
  });
});

describe('LinesEditor: the decimal rule', () => {
  it('wants whole numbers for a product counted in units, and allows 4 places otherwise', () => {
    renderUi(
      <Harness
        showErrors
        initial={[
          { ...blankLine(['to']), product: CABLE, quantity: '2.5' },
          { ...blankLine(['to']), product: FLOUR, quantity: '2.5' },
          { ...blankLine(['to']), product: FLOUR, quantity: '2.12345' },
          { ...blankLine(['to']), product: FLOUR, quantity: '0' },
        ]}
      />,
    );
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'This product is counted in units: enter a whole number.',
      'Enter a number with at most 4 decimal places, such as 12 or 2.5.',
      'The quantity must be more than zero.',
    ]);
  });

  it('shows a line’s problem once its field is left, not while it is typed', () => {
    renderUi(<Harness initial={[{ ...blankLine(['to']), product: CABLE, quantity: '' }]} />);
    const quantity = screen.getByTestId('line-quantity');
    fireEvent.change(quantity, { target: { value: '1.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(quantity);
    expect(screen.getByRole('alert').textContent).toBe('This product is counted in units: enter a whole number.');
  });
});

describe('lines: pure rules', () => {
  it('checks quantities by the contract', () => {
    expect(quantityProblem('3', 'Unit')).toBeNull();
    expect(quantityProblem('3.000', 'Unit')).toBeNull();
    expect(quantityProblem('3.5', 'Unit')).toBe('whole');
    expect(quantityProblem('3.5', 'Kilogram (Kg)')).toBeNull();
    expect(quantityProblem('3.12345', 'Kilogram (Kg)')).toBe('quantity');
    expect(quantityProblem('-1', 'Kilogram (Kg)')).toBe('quantity');
    expect(quantityProblem('0.0000', 'Kilogram (Kg)')).toBe('quantityPositive');
    expect(quantityProblem(' ', 'Unit')).toBe('required');
    expect(lineProblems({ ...blankLine(), quantity: '1' })).toEqual({ product: 'product' });
    expect(lineProblems({ ...blankLine(), product: FLOUR, quantity: '1', price: '2.123456' }, { price: true })).toEqual(
      {
        price: 'price',
      },
    );
  });

  it('counts one more exactly, without floating point', () => {
    expect(addOne('1')).toBe('2');
    expect(addOne('999999999999')).toBe('1000000000000');
    expect(addOne('2.5')).toBe('3.5');
    expect(addOne('0.1')).toBe('1.1');
    expect(addOne('')).toBe('1');
  });

  it('picks the scanned product: the SKU, else the only answer', () => {
    expect(pickScanned('cab-1', CATALOGUE.cab ?? [])).toEqual(CABLE);
    expect(pickScanned('501', [FLOUR])).toEqual(FLOUR);
    expect(pickScanned('x', [])).toBe('none');
    expect(pickScanned('c', [CABLE, FLOUR])).toBe('ambiguous');
    const { lines, index } = applyScan([{ ...blankLine(), product: FLOUR, quantity: '1' }], CABLE);
    expect(index).toBe(1);
    expect(lines.map((l) => [l.product?.sku, l.quantity])).toEqual([
      ['FLR-1', '1'],
      ['CAB-1', '1'],
    ]);
  });
});

function ExtraHarness() {
  const [lines, setLines] = useState<EditorLine[]>([{ ...blankLine(), product: CABLE, quantity: '2', price: '1.5' }]);
  return (
    <>
      <LinesEditor
        value={lines}
        onChange={setLines}
        testIdPrefix="line"
        findByCode={find}
        scan={false}
        price={{ label: 'Unit cost (EUR)', prefix: '€' }}
        lineExtra={(line, index, set) => (
          <input
            aria-label={`Discount of line ${index + 1}`}
            data-testid="line-discount"
            value={line.extra?.discount ?? ''}
            onChange={(event) => set({ discount: event.target.value })}
          />
        )}
        components={{ ProductField: ProductStub, BinField: BinStub }}
      />
      <output data-testid="extra">{JSON.stringify(lines.map((l) => l.extra ?? null))}</output>
    </>
  );
}

describe('LinesEditor: a document’s own line fields', () => {
  it('shows the amount in the document’s currency and keeps the document’s fields in the line’s extra', () => {
    renderUi(<ExtraHarness />);
    expect(screen.getByText('€')).toBeTruthy();
    expect(screen.queryByText('£')).toBeNull();
    fireEvent.change(screen.getByTestId('line-discount'), { target: { value: '12.5' } });
    expect(JSON.parse(screen.getByTestId('extra').textContent ?? '[]')).toEqual([{ discount: '12.5' }]);
    expect((screen.getByTestId('line-price') as HTMLInputElement).value).toBe('1.5');
  });
});

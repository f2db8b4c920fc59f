// @vitest-environment happy-dom
import { bundleTaskDocument, stockCountDocument, transferDocument } from '@backoffice/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import documentsDe from '../src/locales/de/documents.json';
import documentsEn from '../src/locales/en/documents.json';
import documentsEs from '../src/locales/es/documents.json';
import documentsPt from '../src/locales/pt/documents.json';
import { StatusTag, statusColour, TONE_COLOURS } from '../src/shared/ui/documents/status-tag.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(setUpUi);
afterEach(cleanup);

const DOCUMENTS = [transferDocument, stockCountDocument, bundleTaskDocument];

describe('StatusTag', () => {
  it('names the status in words, as its accessible text', () => {
    renderUi(<StatusTag doc={transferDocument} status="PARTIALLY_RECEIVED" testId="transfer-status" />);
    const tag = screen.getByTestId('transfer-status');
    expect(tag.textContent).toBe('Partly received');
    expect(screen.getByText('Partly received')).toBe(tag);
  });

  it('is coloured by the tone the definition gives the status', () => {
    renderUi(
      <>
        <StatusTag doc={transferDocument} status="CANCELED" testId="canceled" />
        <StatusTag doc={stockCountDocument} status="OPEN" testId="open" />
        <StatusTag doc={bundleTaskDocument} status="COMPLETED" testId="completed" />
      </>,
    );
    expect(screen.getByTestId('canceled').dataset.tone).toBe('danger');
    expect(screen.getByTestId('canceled').className).toContain('error');
    expect(screen.getByTestId('open').dataset.tone).toBe('progress');
    expect(screen.getByTestId('open').className).toContain('processing');
    expect(screen.getByTestId('completed').className).toContain('success');
    expect(statusColour(transferDocument, 'DISPATCHED')).toBe(TONE_COLOURS.info);
  });

  it('shows a status the definition does not know (a newer server) neutral, by its code', () => {
    renderUi(<StatusTag doc={transferDocument} status="ARCHIVED" testId="unknown" />);
    expect(screen.getByTestId('unknown').textContent).toBe('ARCHIVED');
    expect(screen.getByTestId('unknown').dataset.tone).toBe('neutral');
  });

  it('has words for every status of every document in the four languages', () => {
    for (const texts of [documentsEn, documentsEs, documentsPt, documentsDe]) {
      const byName = texts as unknown as Record<string, { status: Record<string, string> }>;
      for (const doc of DOCUMENTS)
        for (const status of Object.keys(doc.statuses)) expect(byName[doc.name]?.status[status], status).toBeTruthy();
    }
  });
});

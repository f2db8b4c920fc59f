import { embedUrlProblem } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { chosenReport, embedHostOf, frameableReports } from '../src/features/dashboard/bi-reports/embed.ts';

const report = (id: string, embedUrl: string) => ({ id, name: id, embedUrl, description: '' });

describe('BI report addresses in the browser', () => {
  it('checks an address as the server does: https only, a full URL, no credentials, no spaces, bounded', () => {
    expect(embedUrlProblem('https://app.powerbi.com/reportEmbed?reportId=1')).toBeNull();
    expect(embedUrlProblem('http://app.powerbi.com/reportEmbed')).toBe('https');
    expect(embedUrlProblem('javascript:alert(1)')).toBe('https');
    expect(embedUrlProblem('data:text/html,<script>1</script>')).toBe('https');
    expect(embedUrlProblem('app.powerbi.com/reportEmbed')).toBe('url');
    expect(embedUrlProblem('https://me:pw@app.powerbi.com/')).toBe('credentials');
    expect(embedUrlProblem('https://app.powerbi.com/a b')).toBe('characters');
    expect(embedUrlProblem(`https://app.powerbi.com/${'x'.repeat(2000)}`)).toBe('length');
  });

  it('frames only addresses that pass, and shows the chosen report while it is listed, else the first', () => {
    const good = report('a', 'https://reports.example.com/1');
    const other = report('b', 'https://bi.example.org/2');
    const reports = frameableReports([good, report('bad', 'http://reports.example.com/x'), other]);
    expect(reports.map((r) => r.id)).toEqual(['a', 'b']);
    expect(chosenReport(reports, 'b')).toBe(other);
    expect(chosenReport(reports, 'gone')).toBe(good);
    expect(chosenReport(reports, undefined)).toBe(good);
    expect(chosenReport([], 'a')).toBeUndefined();
  });

  it('names an address by its host in the list', () => {
    expect(embedHostOf('https://reports.example.com:8443/embed/1?x=y')).toBe('reports.example.com:8443');
    expect(embedHostOf('not a url')).toBe('not a url');
  });
});

import { embedUrlProblem, type VisibleBiReport } from '@backoffice/contracts';

/**
 * The reports that may be put in a frame: an address the server would not register now (an older row, a hand
 * edit) is left out rather than framed, since the browser would refuse it anyway.
 */
export function frameableReports<R extends Pick<VisibleBiReport, 'embedUrl'>>(reports: readonly R[]): R[] {
  return reports.filter((r) => embedUrlProblem(r.embedUrl) === null);
}

/** The report to show: the one chosen while it is still listed, else the first. */
export function chosenReport<R extends Pick<VisibleBiReport, 'id'>>(
  reports: readonly R[],
  chosenId: string | undefined,
): R | undefined {
  return reports.find((r) => r.id === chosenId) ?? reports[0];
}

/** What a report's address is shown as in a list: its host (and port), the rest of the address in the title. */
export function embedHostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

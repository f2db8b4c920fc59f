import { embedOriginOf } from '@backoffice/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FrameSources } from '../../platform/security-headers.ts';
import { activeEmbedUrls } from './bi-reports.repository.ts';

/**
 * How long this server trusts its list of frameable origins before reading the register again, so that a change
 * made through another server sharing the database reaches this one's content security policy within a minute.
 */
export const FRAME_SOURCES_MAX_AGE_MS = 30_000;

/**
 * The origins of the active BI reports, which the content security policy lets the browser frame. Read on every
 * response from memory; read from the database when the server is ready, in the transaction of every change of the
 * register on this server (so its answer already carries the new policy), again after that change commits or rolls
 * back, and in the background once the list is older than FRAME_SOURCES_MAX_AGE_MS. Never a query per response.
 */
export class BiReportFrames {
  private origins: readonly string[] = [];
  /** When the last read started, successful or not (a database that is away is not asked on every response). */
  private lastRead = 0;
  /** Reads are numbered as they start: a slower earlier read never replaces a later one's answer. */
  private started = 0;
  private applied = 0;
  private background: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** What the content security policy reads on every response. */
  readonly sources: FrameSources = () => {
    if (!this.closed && !this.background && Date.now() - this.lastRead >= FRAME_SOURCES_MAX_AGE_MS) {
      this.background = this.refresh()
        .catch((err: unknown) => this.log?.warn({ err }, 'the BI report addresses could not be read'))
        .finally(() => {
          this.background = undefined;
        });
    }
    return this.origins;
  };

  /** Reads the register again, through `db` when given (a change's own transaction sees the change). */
  async refresh(db: Kysely<Database> = this.db): Promise<void> {
    this.started += 1;
    this.lastRead = Date.now();
    const number = this.started;
    const urls = await activeEmbedUrls(db);
    if (number < this.applied) return;
    this.applied = number;
    this.origins = [...new Set(urls.map(embedOriginOf).filter((o): o is string => o !== undefined))].sort();
  }

  /** Lets the next response start a new read, as if the list had reached its age. */
  expire(): void {
    this.lastRead = 0;
  }

  close(): void {
    this.closed = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The frameable origins of the BI report register (domains/dashboards). */
    biReportFrames: BiReportFrames;
  }
}

/** Keeps the server's list of frameable BI report origins and hands back its reader for the security headers. */
export function registerBiReportFrames(app: FastifyInstance, db: Kysely<Database>): FrameSources {
  const frames = new BiReportFrames(db, app.log);
  app.decorate('biReportFrames', frames);
  app.addHook('onReady', async () => {
    await frames.refresh().catch((err: unknown) => app.log.warn({ err }, 'the BI report addresses could not be read'));
  });
  app.addHook('onClose', async () => frames.close());
  return frames.sources;
}

import { SaveOutlined } from '@ant-design/icons';
import type { Draft, DraftKind } from '@backoffice/contracts';
import { Alert, Button, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { draftsEndpoints as api } from '../../api/endpoints/drafts.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { ApiError } from '../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useErrorText } from '../../lib/use-error-text.ts';
import { uuid } from '../../lib/uuid.ts';

/** The query parameter a form is opened with to resume a draft: `<form route>?draft=<id>`. */
export const DRAFT_PARAM = 'draft';

export interface DraftSnapshot<P extends Record<string, unknown>> {
  /** What the form holds, in words: "PO for Acme Ltd, 12 lines". */
  title: string;
  /** Counts of what it holds, by key (`lines`, `units`, …), shown in the list. */
  summary?: Record<string, number>;
  /** Everything the form needs to come back as it was (JSON only: dates as text). */
  payload: P;
}

export interface ServerDraftOptions<P extends Record<string, unknown>> {
  kind: DraftKind;
  /** The form as it stands now. */
  serialize: () => DraftSnapshot<P>;
  /** Puts a saved payload back into the form (once, when the form is opened with `?draft=<id>`). */
  restore: (payload: P) => void;
  /** False for a form that keeps no draft (editing a stored record, say). */
  enabled?: boolean;
}

interface Current {
  id: string;
  version: number;
  savedAt: string;
}

/**
 * A long form's server-side draft: "Save for later" (and Ctrl+S / ⌘S) keeps the form as it stands as a draft of
 * the user (the first save creates it, later saves update it from the version they last saw), a form opened with
 * `?draft=<id>` comes back as it was saved, and `discard()` deletes the draft once the form is submitted.
 */
export function useServerDraft<P extends Record<string, unknown>>({
  kind,
  serialize,
  restore,
  enabled = true,
}: ServerDraftOptions<P>) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const errorText = useErrorText();
  const { t } = useTranslation('drafts');
  const requested = enabled ? params.get(DRAFT_PARAM) : null;
  const [current, setCurrent] = useState<Current | null>(null);
  const restored = useRef<string | null>(null);
  const loaded = useEndpointQuery(
    api.getDraft,
    { params: { id: requested ?? '' } },
    {
      enabled: requested !== null && restored.current !== requested,
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
  );
  const create = useEndpointMutation(api.createDraft);
  const save = useEndpointMutation(api.saveDraft, {
    input: ({ id, body }: { id: string; body: Parameters<typeof bodyOf>[0] & { version: number } }) => ({
      params: { id },
      body,
    }),
  });
  const remove = useEndpointMutation(api.deleteDraft, { input: (id: string) => ({ params: { id } }) });

  // The latest callbacks, so the keyboard shortcut and the restore never call a stale closure.
  const latest = useRef({ serialize, restore });
  latest.current = { serialize, restore };

  const draft = loaded.data as Draft | undefined;
  useEffect(() => {
    if (!draft || restored.current === draft.id) return;
    restored.current = draft.id;
    latest.current.restore(draft.payload as P);
    setCurrent({ id: draft.id, version: draft.version, savedAt: draft.savedAt });
  }, [draft]);

  const keep = useCallback(
    (saved: Draft) => {
      restored.current = saved.id;
      setCurrent({ id: saved.id, version: saved.version, savedAt: saved.savedAt });
      if (params.get(DRAFT_PARAM) !== saved.id) {
        const next = new URLSearchParams(params);
        next.set(DRAFT_PARAM, saved.id);
        setParams(next, { replace: true });
      }
    },
    [params, setParams],
  );

  const saving = create.isPending || save.isPending;
  const saveNow = useCallback(async () => {
    if (!enabled || saving) return;
    const snapshot = latest.current.serialize();
    const body = bodyOf(snapshot);
    try {
      const saved = current
        ? await save.mutateAsync({ id: current.id, body: { ...body, version: current.version } })
        : await create.mutateAsync({ body: { kind, route: pathname, ...body }, idempotencyKey: uuid() });
      keep(saved);
      notifySuccess(t('hook.saved'));
    } catch (error) {
      // Deleted meanwhile (from the list in another tab): this form becomes a new draft.
      if (current && error instanceof ApiError && error.status === 404) {
        try {
          keep(await create.mutateAsync({ body: { kind, route: pathname, ...body }, idempotencyKey: uuid() }));
          notifySuccess(t('hook.saved'));
          return;
        } catch (again) {
          notifyError(t('hook.saveFailed'), errorText(again) ?? undefined);
          return;
        }
      }
      notifyError(t('hook.saveFailed'), errorText(error) ?? undefined);
    }
  }, [enabled, saving, current, save, create, kind, pathname, keep, t, errorText]);

  // Ctrl+S (⌘S) saves the draft rather than the browser's page.
  const shortcut = useRef(saveNow);
  shortcut.current = saveNow;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void shortcut.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);

  /** After the form was submitted: its draft has done its work. A failure here costs nothing but a stale draft. */
  const discard = useCallback(async () => {
    const id = current?.id ?? requested;
    if (!id) return;
    setCurrent(null);
    await remove.mutateAsync(id).catch(() => undefined);
  }, [current, requested, remove]);

  return {
    enabled,
    save: saveNow,
    discard,
    saving,
    savedAt: current?.savedAt ?? null,
    draftId: current?.id ?? requested,
    /** Loading the draft the form was opened with. */
    loading: requested !== null && loaded.isFetching && !current,
    loadError: loaded.error,
  };
}

function bodyOf<P extends Record<string, unknown>>(snapshot: DraftSnapshot<P>) {
  return {
    title: snapshot.title.trim().slice(0, 200) || '—',
    summary: snapshot.summary ?? {},
    payload: snapshot.payload as Record<string, unknown>,
  };
}

export type ServerDraft = ReturnType<typeof useServerDraft>;

/** "Save for later" with the draft's saved time beside it (announced politely when it changes). */
export function DraftSaveButton({ draft, testId = 'draft-save' }: { draft: ServerDraft; testId?: string }) {
  const { t } = useTranslation('drafts');
  if (!draft.enabled) return null;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <Typography.Text type="secondary" aria-live="polite" data-testid={`${testId}-status`}>
        {draft.savedAt ? t('hook.savedAt', { time: formatDateTime(draft.savedAt) }) : ''}
      </Typography.Text>
      <Tooltip title={t('hook.shortcut')}>
        <Button
          icon={<SaveOutlined />}
          onClick={() => void draft.save()}
          loading={draft.saving}
          data-testid={testId}
          aria-keyshortcuts="Control+S"
        >
          {t('hook.save')}
        </Button>
      </Tooltip>
    </span>
  );
}

/** Where a form opened with `?draft=<id>` says the draft is loading, or could not be opened. */
export function DraftNotice({ draft }: { draft: ServerDraft }) {
  const { t } = useTranslation('drafts');
  const errorText = useErrorText();
  if (draft.loadError)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('hook.loadFailed')}
        description={errorText(draft.loadError) ?? undefined}
        style={{ marginBottom: 16 }}
        data-testid="draft-load-failed"
      />
    );
  if (draft.loading)
    return (
      <Alert type="info" showIcon title={t('hook.loading')} style={{ marginBottom: 16 }} data-testid="draft-loading" />
    );
  return null;
}

import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Notice } from '../shared/ui/notice.tsx';

/** A route that failed to load (often a stale chunk after a new release) or threw while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Notice
      status="error"
      title={t('routeError.title')}
      description={t('routeError.description')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}

interface BoundaryState {
  failed: boolean;
  key: string;
}

class Boundary extends Component<{ children: ReactNode; resetKey: string }, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // A failure belongs to the page it happened on: another page renders afresh.
  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Catches what a route throws while loading or rendering; navigating elsewhere clears it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={`${location.pathname}${location.search}`}>{children}</Boundary>;
}

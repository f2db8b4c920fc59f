import { Layout, theme } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../../shell/guards.tsx';

/** The content layout: no sidebar, navbar or footer. */
export function ContentLayout() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ padding: token.paddingLG }}>
        <Suspense fallback={<FullPageSpin />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}

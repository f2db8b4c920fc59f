import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** A bordered section with an optional heading: a light stand-in for antd's Card (which brings Tabs along). */
export function Panel({
  title,
  extra,
  children,
  style,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <section
      data-testid={testId}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      {title || extra ? (
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: token.marginSM,
            padding: `${token.paddingSM}px ${token.padding}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            fontWeight: 600,
          }}
        >
          <h2 style={{ margin: 0, fontSize: token.fontSize, fontWeight: 600 }}>{title}</h2>
          {extra}
        </header>
      ) : null}
      <div style={{ padding: token.padding }}>{children}</div>
    </section>
  );
}

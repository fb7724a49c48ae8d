import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../navigation.js';

/** A real link (opens in a new tab, copies, reads as a link) that moves within the app without a reload. */
export function Link({
  to,
  children,
  ...props
}: { to: string; children: ReactNode } & AnchorProps & {
    'aria-current'?: 'page' | undefined;
    'aria-describedby'?: string;
    id?: string;
  }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to);
  };
  return (
    <Anchor href={to} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}

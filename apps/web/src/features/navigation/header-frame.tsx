'use client';
// The fixed top bar that slides away while scrolling down (spec §2 "Top navigation bar").
// data-hidden exposes the state to tests and styling; focus inside the bar always reveals it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createNavbarScrollController, type NavbarScrollController } from './navbar-scroll';

export function HeaderFrame({ children }: { children: ReactNode }) {
  const [hidden, setHidden] = useState(false);
  const controller = useRef<NavbarScrollController | null>(null);

  useEffect(() => {
    const current = createNavbarScrollController({ readY: () => window.scrollY, onHiddenChange: setHidden });
    controller.current = current;
    const onScroll = () => current.markScrolled();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      current.dispose();
      controller.current = null;
    };
  }, []);

  return (
    <header
      data-testid="site-header"
      data-hidden={hidden ? 'true' : 'false'}
      onFocusCapture={() => controller.current?.reveal()}
      className={
        'fixed inset-x-0 top-0 z-40 h-navbar border-b border-slate-200 bg-white/95 backdrop-blur transition-transform duration-300 ' +
        (hidden ? '-translate-y-full' : 'translate-y-0')
      }
    >
      {children}
    </header>
  );
}

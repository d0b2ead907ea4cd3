import { SCROLL } from '@kifu/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNavbarScrollController, decideNavbar } from './navbar-scroll';

describe('decideNavbar', () => {
  it('always shows within the threshold from the top', () => {
    expect(decideNavbar(500, 100)).toEqual({ decision: 'show', lastY: 100 });
    expect(decideNavbar(0, 60)).toEqual({ decision: 'show', lastY: 60 });
  });

  it('hides when scrolling down at least movePx past the threshold', () => {
    expect(decideNavbar(0, 101)).toEqual({ decision: 'hide', lastY: 101 });
    expect(decideNavbar(200, 300)).toEqual({ decision: 'hide', lastY: 300 });
  });

  it('shows when scrolling up at least movePx', () => {
    expect(decideNavbar(600, 500)).toEqual({ decision: 'show', lastY: 500 });
  });

  it('ignores moves smaller than movePx and keeps the reference point', () => {
    expect(decideNavbar(200, 299)).toEqual({ decision: 'none', lastY: 200 });
    expect(decideNavbar(600, 501)).toEqual({ decision: 'none', lastY: 600 });
  });

  it('uses the spec constants', () => {
    expect(SCROLL).toEqual({ intervalMs: 100, thresholdPx: 100, movePx: 100, showDelayMs: 150 });
  });
});

describe('createNavbarScrollController', () => {
  let y = 0;
  let changes: boolean[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    y = 0;
    changes = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = () => createNavbarScrollController({ readY: () => y, onHiddenChange: (hidden) => changes.push(hidden) });

  it('checks at most once per interval and only after a scroll', () => {
    const controller = make();
    y = 400;
    vi.advanceTimersByTime(SCROLL.intervalMs * 3);
    expect(changes).toEqual([]); // no scroll event, no decision
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs - 1);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
    controller.dispose();
  });

  it('reappears only after the show delay when scrolling up', () => {
    const controller = make();
    y = 800;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs);
    expect(changes).toEqual([true]);

    y = 650;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs);
    vi.advanceTimersByTime(SCROLL.showDelayMs - 1);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
    controller.dispose();
  });

  it('cancels a pending show when the user scrolls down again', () => {
    const controller = make();
    y = 800;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs);
    y = 650;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs);
    y = 900;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs + SCROLL.showDelayMs);
    expect(changes).toEqual([true]);
    controller.dispose();
  });

  it('shows again at the top and on reveal()', () => {
    const controller = make();
    y = 800;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs);
    y = 0;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs + SCROLL.showDelayMs);
    expect(changes).toEqual([true, false]);

    y = 800;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs);
    controller.reveal();
    expect(changes).toEqual([true, false, true, false]);
    controller.dispose();
  });

  it('stops checking once disposed', () => {
    const controller = make();
    controller.dispose();
    y = 800;
    controller.markScrolled();
    vi.advanceTimersByTime(SCROLL.intervalMs * 5);
    expect(changes).toEqual([]);
  });
});

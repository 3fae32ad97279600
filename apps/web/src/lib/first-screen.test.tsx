import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './first-screen';
import { useAfterFirstScreen, useInTurn } from './use-first-screen';

/** A router whose screen waits for `loaded` and shows whether the later work has started. */
function aScreenWaitingFor(loaded: Promise<void>) {
  const rootRoute = createRootRoute({ component: Outlet });
  const homeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: () => loaded,
    component: function Home() {
      const started = useAfterFirstScreen();
      return <p>{started ? 'Lo demás, empezado' : 'Solo la pantalla'}</p>;
    },
  });
  return createRouter({
    routeTree: rootRoute.addChildren([homeRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
}

describe('what no screen needs starts once the first screen is drawn', () => {
  it('waits for the screen, however long its reads take, and then for an idle moment', async () => {
    let finishReads = () => {};
    const router = aScreenWaitingFor(
      new Promise((resolve) => {
        finishReads = resolve;
      }),
    );
    let started = false;
    void afterFirstScreen(router).then(() => {
      started = true;
    });
    render(<RouterProvider router={router} />);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).toBe(false);

    finishReads();
    // The screen is drawn first, without the later work…
    expect(await screen.findByText('Solo la pantalla')).toBeVisible();
    // …which starts right after.
    expect(await screen.findByText('Lo demás, empezado')).toBeVisible();
    expect(started).toBe(true);
  });

  it('starts at once what asks after the first screen was drawn', async () => {
    const router = aScreenWaitingFor(Promise.resolve());
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Lo demás, empezado')).toBeVisible();

    let started = false;
    void afterFirstScreen(router).then(() => {
      started = true;
    });
    await waitFor(() => {
      expect(started).toBe(true);
    });
  });
});

describe('what a screen shows below its first view is drawn in turn, a painted frame apart', () => {
  function Day({ parts, first }: { parts: string[]; first?: number }) {
    const shown = useInTurn(parts.length, first);
    return (
      <ul>
        {parts.slice(0, shown).map((part) => (
          <li key={part}>{part}</li>
        ))}
      </ul>
    );
  }
  const drawn = () => screen.queryAllByRole('listitem').map((item) => item.textContent);
  const aWhile = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  it('draws the first part at once and each next one after a frame has been painted and shown', async () => {
    const frames: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      render(<Day parts={['Desayuno', 'Almuerzo', 'Agua']} />);
      expect(drawn()).toEqual(['Desayuno']);
      // No frame yet: tasks and React's deferred renders come and go, and nothing more shows.
      await aWhile();
      expect(drawn()).toEqual(['Desayuno']);
      expect(frames).toHaveLength(1);

      // The frame is painted, and the next one starts once it has been shown: only then.
      act(() => {
        frames[0]?.(performance.now());
      });
      await aWhile();
      expect(drawn()).toEqual(['Desayuno']);
      expect(frames).toHaveLength(2);
      act(() => {
        frames[1]?.(performance.now());
      });
      await waitFor(() => {
        expect(drawn()).toEqual(['Desayuno', 'Almuerzo']);
      });

      // One part a step, never two.
      act(() => {
        frames[2]?.(performance.now());
      });
      await aWhile();
      expect(drawn()).toEqual(['Desayuno', 'Almuerzo']);
      act(() => {
        frames[3]?.(performance.now());
      });
      await waitFor(() => {
        expect(drawn()).toEqual(['Desayuno', 'Almuerzo', 'Agua']);
      });
      // All drawn: no frame is asked for any more.
      await aWhile();
      expect(frames).toHaveLength(4);
    } finally {
      frame.mockRestore();
    }
  });

  it('draws at once as many parts as asked for', () => {
    render(<Day parts={['Desayuno', 'Almuerzo', 'Agua']} first={2} />);
    expect(drawn()).toEqual(['Desayuno', 'Almuerzo']);
  });

  it('draws at once what is added once all are drawn, such as an exercise just picked', async () => {
    const { rerender } = render(<Day parts={['Sentadilla', 'Press de banca']} />);
    await waitFor(() => {
      expect(drawn()).toEqual(['Sentadilla', 'Press de banca']);
    });
    await aWhile();
    rerender(<Day parts={['Sentadilla', 'Press de banca', 'Remo con barra']} />);
    expect(drawn()).toEqual(['Sentadilla', 'Press de banca', 'Remo con barra']);
  });
});

import { type RefObject, useEffect, useRef } from 'react';

/**
 * Keeps the keyboard in `container` when a change swaps or disables the control that had the
 * focus: a focused button that turns disabled (Mantine's `loading`) or is replaced (Publish by
 * Unpublish) leaves the focus on the page itself, so the next Tab starts over at the top and a
 * screen reader says nothing. Each time `key` changes, if the focus has fallen to the page, the
 * first enabled control of `container` takes it (a frame later, after dialogs have closed). Pass
 * a `key` that changes when the work starts, ends, and when the controls change.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>, key: unknown): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of `key`
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      // While a button in it is working (Mantine's loading, disabled meanwhile), the next change
      // (done, or its replacement drawn) decides: not a neighbour the person did not press.
      if (!lost || container.current?.querySelector('[data-loading]')) return;
      container.current
        ?.querySelector<HTMLElement>('button:not([disabled]), a[href], input:not([disabled])')
        ?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [key]);
}

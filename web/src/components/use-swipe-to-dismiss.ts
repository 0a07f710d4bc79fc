import { useRef, useState, type PointerEvent } from 'react';

/** Movement below this is a click or a jitter, not the start of a swipe. */
const SWIPE_START_SLOP_PX = 5;

/**
 * Swipe right to dismiss. Returns the current horizontal offset to render and the
 * pointer handlers to spread on the swipeable element.
 */
export function useSwipeToDismiss(onDismiss: () => void, thresholdPx: number) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const reset = () => {
    startX.current = null;
    setOffset(0);
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      startX.current = event.clientX;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (startX.current === null) return;
      const delta = Math.max(0, event.clientX - startX.current);
      // Capture only once a swipe has begun: capturing on pointer down would retarget
      // the click away from the close button.
      if (delta > SWIPE_START_SLOP_PX && !event.currentTarget.hasPointerCapture?.(event.pointerId)) {
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      setOffset(delta);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (startX.current === null) return;
      const delta = event.clientX - startX.current;
      reset();
      if (delta >= thresholdPx) onDismiss();
    },
    onPointerCancel: reset,
  };

  return { offset, swiping: offset > 0, handlers };
}

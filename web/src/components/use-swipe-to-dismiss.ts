import { useRef, useState, type PointerEvent } from 'react';

/** Movement below this is a click or a jitter, not the start of a swipe. */
const SWIPE_START_SLOP_PX = 5;

/**
 * Swipe towards the screen's edge to dismiss: right (`towards` 1), or left (-1) in a right-to-left
 * layout, where toasts sit on the left. Returns the current horizontal offset to render (signed)
 * and the pointer handlers to spread on the swipeable element.
 */
export function useSwipeToDismiss(onDismiss: () => void, thresholdPx: number, towards: 1 | -1 = 1) {
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
      const delta = Math.max(0, (event.clientX - startX.current) * towards);
      // Capture only once a swipe has begun: capturing on pointer down would retarget
      // the click away from the close button.
      if (delta > SWIPE_START_SLOP_PX && !event.currentTarget.hasPointerCapture?.(event.pointerId)) {
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      setOffset(delta);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (startX.current === null) return;
      const delta = (event.clientX - startX.current) * towards;
      reset();
      if (delta >= thresholdPx) onDismiss();
    },
    onPointerCancel: reset,
  };

  return { offset: offset * towards, swiping: offset > 0, handlers };
}

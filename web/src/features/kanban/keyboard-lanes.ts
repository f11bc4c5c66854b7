import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard moves for the board (dnd-kit KeyboardSensor): left and right arrows carry the picked
 * card to the next lane's top, instead of the default 25 px steps, so a lane is one key press
 * away. Other keys do nothing (space or Enter drops, Escape cancels).
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
  const { collisionRect, droppableRects } = context;
  if (!collisionRect) return undefined;
  event.preventDefault();
  const lanes = [...droppableRects.values()].sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const current = lanes.findIndex((rect) => centre >= rect.left && centre <= rect.left + rect.width);
  const from =
    current >= 0
      ? current
      : lanes.findIndex((rect) => rect.left > centre) - (event.code === 'ArrowRight' ? 1 : 0);
  const target = lanes[from + (event.code === 'ArrowRight' ? 1 : -1)];
  if (!target) return undefined;
  return { x: target.left + 8, y: target.top + 48 };
};

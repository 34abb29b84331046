/** Whether a pointer that can hover rests on `element`: true of a mouse that came in before React took the element over (React heard no pointerenter then), not of a finger whose tap left :hover. */
export function pointerRestsOn(element: Element): boolean {
  return element.matches(':hover') && window.matchMedia('(hover: hover)').matches
}

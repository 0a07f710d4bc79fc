/** The member asked their system for less motion (WCAG 2.3.3); jsdom has no matchMedia. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** For scrollIntoView and scrollTo: a smooth scroll only for those who did not ask for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

// Where the keyboard is, as a user sees it: the focused element's computed outline and its contrast
// against what surrounds it (WCAG 2.1 1.4.11 asks 3:1 of a focus indicator).
import type { Page } from 'playwright-core';

export interface FocusRing {
  /** What has the focus: its tag and class, or its label. */
  element: string;
  outlineStyle: string;
  outlineWidthPx: number;
  outlineColor: string;
  /** The colour the outline is drawn over: the element's own background when drawn inside it. */
  against: string;
  contrast: number;
  /** Something else is drawn over the element's middle (a sticky bar hides it). */
  covered: boolean;
}

/** The focused element's ring, or null when nothing (or the page itself) has the focus. */
export async function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    // The colour seen behind a box: every background from the page down, painted over each other.
    const backdrop = (node) => {
      const layers = [];
      for (let n = node; n && n.nodeType === 1; n = n.parentElement) layers.unshift(parse(getComputedStyle(n).backgroundColor));
      let rgb = [255, 255, 255];
      for (const [r, g, b, a] of layers) rgb = [r * a + rgb[0] * (1 - a), g * a + rgb[1] * (1 - a), b * a + rgb[2] * (1 - a)];
      return rgb;
    };
    const luminance = (rgb) => {
      const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // A file input hidden behind a label styled as a button shows its focus on that label.
    const box = el.getBoundingClientRect();
    const holder = box.width <= 1 && box.height <= 1 ? el.closest('label') || el : el;
    const style = getComputedStyle(holder);
    const inside = parseFloat(style.outlineOffset) < 0;
    const behind = backdrop(inside ? holder : holder.parentElement);
    const ring = parse(style.outlineColor).slice(0, 3);
    const [hi, lo] = [luminance(ring), luminance(behind)].sort((a, b) => b - a);
    const shown = holder.getBoundingClientRect();
    const top = document.elementFromPoint(shown.x + shown.width / 2, shown.y + shown.height / 2);
    const covered = !top || !(holder.contains(top) || top.contains(holder));
    return {
      element: el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 40) || el.tagName.toLowerCase() + '.' + el.className,
      outlineStyle: style.outlineStyle,
      outlineWidthPx: parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      against: 'rgb(' + behind.map(Math.round).join(', ') + ')',
      contrast: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100,
      covered,
    };
  })()`);
}

/** Why a ring does not show, or null when it is a line of 2px or more at 3:1 or more, not covered. */
export function ringFault(ring: FocusRing): string | null {
  if (ring.covered) return `${ring.element}: tapado por otro elemento`;
  if (ring.outlineStyle === 'none' || ring.outlineWidthPx < 2)
    return `${ring.element}: sin contorno visible (${ring.outlineStyle} ${ring.outlineWidthPx}px)`;
  if (ring.contrast < 3)
    return `${ring.element}: contorno ${ring.outlineColor} sobre ${ring.against}, contraste ${ring.contrast}:1`;
  return null;
}

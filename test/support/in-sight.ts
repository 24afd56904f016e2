// Whether a control is what the window shows at its centre: inside the viewport and under nothing
// (a banner, the sticky totals bar). For the counter's searches, which the screen's banners must
// never push out of sight.
import type { Page } from 'playwright-core';

/** Whether the control labelled `label` (aria-label) is in the viewport with nothing over its centre. */
export async function inSight(page: Page, label: string): Promise<boolean> {
  return page.evaluate((name) => {
    // This runs in the page (the test's own types have no DOM).
    interface Box {
      getBoundingClientRect(): { left: number; top: number; width: number; height: number };
      contains(other: Box): boolean;
    }
    const win = globalThis as unknown as {
      innerWidth: number;
      innerHeight: number;
      document: { querySelector(selector: string): Box | null; elementFromPoint(x: number, y: number): Box | null };
    };
    const element = win.document.querySelector(`[aria-label="${name}"]`);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (y < 0 || y > win.innerHeight || x < 0 || x > win.innerWidth) return false;
    const hit = win.document.elementFromPoint(x, y);
    return hit !== null && (hit === element || element.contains(hit));
  }, label);
}

// Typing in the FE form at line 200 of 200, in headless Chromium through the web bridge: the time
// from each keystroke to the next frame that shows it, with live totals recomputed by the form.
//
// Measure, per keystroke (in the page): from the keydown's event.timeStamp (when the browser got the
// key, so time the key waited behind earlier work counts) to a task posted from the first animation
// frame after the 'input' event, which runs once that frame's style, layout and paint are done on
// the main thread ("input to next paint", as Event Timing defines it, but with the frame end measured
// rather than rounded to 8 ms). Chromium draws at most one frame per 16.7 ms: when no frame was
// drawn in the last few intervals it starts one at once (a bare input, keys 50 ms apart: about 5 ms
// from key to frame end), otherwise the frame waits for the next interval (up to 16.7 ms more). The
// same measure on a bare <input> added to the same page (no listeners) is reported beside it as the
// floor, with no delay and at the typist's pace.
//
// Where the paced tail came from, and what removed it (2026-11-25, by key position in the cycle and
// traces of each key): every key was its own main-thread work, not a wait for the next frame (a key's
// frame starts 1-2 ms after its input event). The slow keys were (1) the Backspace that brings the
// quantity back to the draft's value: react-hook-form 7.92 recomputes the dirty fields of the whole
// form when a field returns to its opening value while the form differs elsewhere, and it did,
// because the payment method preselected when the catalog arrived was set as a change (now the
// field's opening value: PaymentSection.tsx); (2) the two keys on which the line total crosses 17
// characters: it wrapped, the row grew and the page was laid out again (now a smaller font in the
// same one-line box: items-grid.css); (3) every key laid out the page from its root for the totals
// bar (its amounts are now fixed boxes: invoices.css); (4) once per 5 s the screen above the form
// rendered it all again (11 ms) because a catalog query went stale (InvoicesScreen.tsx).
//
// Tried and left out (2026-11-25): updating the totals just after the keystroke's frame instead of
// in it. The keystroke's own frame then took about 5 ms, but the totals' frame that followed kept
// Chromium drawing, so the next key, 50 ms later, waited for the next interval about half the time:
// the paced p95 did not improve and the CPU per keystroke grew by one frame's work.
//
// Keys are typed by Playwright with no delay (CDP key events, one after the other), and again
// PACED_MS apart (a fast typist), into the quantity of line 200: four digits, then four
// Backspaces, so every keystroke changes the invoice's totals and the quantity stays a realistic
// number. Also measured: the renderer main thread's CPU per keystroke, from a Chromium trace.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { summarise, type Figure } from '../lib/figure';
import { median } from '../lib/stats';
import {
  freshContext,
  launchBrowser,
  rendererMainThreadCpu,
  requireBrowserSetup,
  startWebHost,
  watchErrors,
} from '../lib/browser';
import type { Scenario } from '../lib/scenario';

export const LINES = 200;
const CYCLES_PER_RUN = 8;
const KEYS_PER_CYCLE = 8; // four digits typed, then erased: the quantity ends each cycle as it began

/** A saved FE draft with `count` lines of mixed rates, as the form stores it. */
export function draftWithLines(count: number): Record<string, unknown> {
  const rates = ['19', '5', '8', '0'];
  return {
    receptor: {
      tipo_doc: '31',
      numero_doc: '900456789',
      nombre: 'Ferretería El Tornillo S.A.S.',
      email: 'compras@eltornillo.example.co',
      direccion: 'Carrera 30 # 8-15',
    },
    items: Array.from({ length: count }, (_, i) => ({
      key: `bench-${i}`,
      desc: `Producto de prueba ${i + 1}`,
      cant: String((i % 7) + 1),
      unit: `${(i % 50) + 1}.${String((i * 37) % 1000).padStart(3, '0')}`,
      iva: rates[i % rates.length],
      iva_incluido: i % 11 === 0,
    })),
  };
}

/** Page code (a string: tsx's esbuild would add a `__name` helper the page lacks to a function). */
const ARM_KEYSTROKE_PROBE = `(selector) => {
  const field = document.querySelector(selector);
  if (!field) throw new Error('no field ' + selector);
  const probe = { samples: [], keydownAt: null };
  window.__keystrokes = window.__keystrokes || {};
  window.__keystrokes[selector] = probe;
  field.addEventListener('keydown', (event) => { probe.keydownAt = event.timeStamp; }, true);
  field.addEventListener('input', (event) => {
    const started = probe.keydownAt ?? event.timeStamp;
    probe.keydownAt = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => probe.samples.push(performance.now() - started);
      channel.port2.postMessage(null);
    });
  }, true);
}`;

/** A fast typist: about 20 keystrokes a second. */
export const PACED_MS = 50;

async function typeAndMeasure(page: Page, selector: string, cycles: number, delay = 0): Promise<number[]> {
  const probe = `window.__keystrokes[${JSON.stringify(selector)}]`;
  await page.evaluate(`${probe}.samples = []`);
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    await page.keyboard.type('2345', { delay });
    for (let i = 0; i < 4; i += 1) {
      if (delay > 0) await page.waitForTimeout(delay);
      await page.keyboard.press('Backspace');
    }
    if (delay > 0) await page.waitForTimeout(delay);
  }
  // The last keystroke's frame.
  await page.evaluate(`new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))`);
  const samples = (await page.evaluate(`${probe}.samples`)) as number[];
  const expected = cycles * KEYS_PER_CYCLE;
  if (samples.length !== expected) throw new Error(`${samples.length} keystrokes measured in ${selector}, ${expected} typed`);
  return samples;
}

async function focusEnd(page: Page, selector: string): Promise<void> {
  await page.locator(selector).click();
  await page.keyboard.press('End');
}

export const typingScenario: Scenario = {
  id: 'typing',
  title: `typing in the FE form at line ${LINES} of ${LINES}, headless Chromium: keystroke to next paint`,
  async run(ctx) {
    requireBrowserSetup();
    const host = await startWebHost(join(ctx.tmp, 'typing-home'));
    const browser = await launchBrowser();
    try {
      await host.rpc('drafts.save', { kind: 'FE', idempotency_key: 'fe-bench-typing-0001', data: draftWithLines(LINES) });
      const context = await freshContext(browser, host);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${host.origin}/#/facturas`);
      const quantity = `input[aria-label="Cantidad, línea ${LINES}"]`;
      await page.locator(quantity).waitFor();
      await page.locator('form[aria-label="Factura electrónica de venta"] button[type="submit"]:enabled').waitFor();
      // The floor: a bare input, no listeners, outside React's root, in the same page.
      await page.evaluate(`(() => {
        const bare = document.createElement('input');
        bare.id = 'bench-bare-input';
        bare.setAttribute('aria-label', 'bench');
        bare.setAttribute('autocomplete', 'off'); // as the form's inputs: no autofill lookups per keystroke
        bare.style.cssText = 'position: fixed; top: 8px; right: 8px; z-index: 10; width: 120px';
        document.body.appendChild(bare);
      })()`);
      const bare = '#bench-bare-input';
      for (const selector of [quantity, bare]) await page.evaluate(`(${ARM_KEYSTROKE_PROBE})(${JSON.stringify(selector)})`);

      const measure = async (selector: string, delay = 0): Promise<number[]> => {
        await focusEnd(page, selector);
        try {
          return await typeAndMeasure(page, selector, CYCLES_PER_RUN, delay);
        } finally {
          // Lets the draft autosave (500 ms after the last change, then an RPC and a render) happen
          // between runs, not inside the next one.
          await page.waitForTimeout(1500);
        }
      };

      // The same keystrokes once more under a trace: the page's main-thread CPU per keystroke.
      const cpuPerKeystroke = async (selector: string): Promise<number> =>
        (await rendererMainThreadCpu(browser, page, async () => void (await measure(selector)))) /
        (CYCLES_PER_RUN * KEYS_PER_CYCLE);

      await measure(quantity); // warm-up
      await measure(bare);
      const medians: number[] = [];
      const p95s: number[] = [];
      const bareMedians: number[] = [];
      const bareP95s: number[] = [];
      const cpu: number[] = [];
      const bareCpu: number[] = [];
      const pacedMedians: number[] = [];
      const pacedP95s: number[] = [];
      const barePacedMedians: number[] = [];
      const barePacedP95s: number[] = [];
      for (let run = 0; run < ctx.runs; run += 1) {
        const floor = summarise(await measure(bare));
        bareMedians.push(floor.median);
        bareP95s.push(floor.p95);
        const typed = summarise(await measure(quantity));
        medians.push(typed.median);
        p95s.push(typed.p95);
        const paced = summarise(await measure(quantity, PACED_MS));
        pacedMedians.push(paced.median);
        pacedP95s.push(paced.p95);
        const barePaced = summarise(await measure(bare, PACED_MS));
        barePacedMedians.push(barePaced.median);
        barePacedP95s.push(barePaced.p95);
        cpu.push(await cpuPerKeystroke(quantity));
        bareCpu.push(await cpuPerKeystroke(bare));
      }
      if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join('; ')}`);
      await context.close();
      const figures: Figure[] = [
        {
          name: `typing at line ${LINES}/${LINES}, keystroke to next paint`,
          unit: 'ms',
          runs: medians,
          p95s,
          // No target here: the "≤ 16 ms p95" target is for keys 50 ms apart (its 12.7 ms was measured so, and it gives
          // this figure, 48.6 ms, beside the bare input's 93 ms); this row is compared with the bare input's.
          note:
            `quantity of line ${LINES}, ${CYCLES_PER_RUN * KEYS_PER_CYCLE} keystrokes per run; keydown timeStamp to the end of the next frame. ` +
            `No target: the issue's p95 ≤ 16 ms is for keys ${PACED_MS} ms apart (the next row); this one is read against the bare input's. ` +
            `Bound: with keys this close a frame is always being drawn, so up to one frame interval (16.7 ms) of waiting is in ` +
            `each figure, and the bare input's p95 was ${median(bareP95s).toFixed(1)} ms in the same runs; the form's own work is ` +
            `${median(cpu).toFixed(1)} ms of main-thread CPU per ` +
            `keystroke (bare input ${median(bareCpu).toFixed(1)}): React's handling of the key's events, the form library's update of the ` +
            `field, the typed line computed again (the other 199 keep their results), that line's amounts and the totals rendered ` +
            `(each a fixed box: laid out alone), paint. ` +
            `Keys go every few ms, so one stall of the machine (seen on the bare input too: 100+ ms, then each queued key a few ms less) ` +
            `lands in the p95`,
        },
        {
          name: `typing at line ${LINES}/${LINES}, keys ${PACED_MS} ms apart`,
          unit: 'ms',
          runs: pacedMedians,
          p95s: pacedP95s,
          target: { on: 'p95', op: '<=', value: 16 },
          note:
            `the same keystrokes at a fast typist's pace (with no delay a single stall of the machine delays every key queued ` +
            `behind it). Bound: the key's work is all on the page's main thread before its frame ends: ${median(cpu).toFixed(1)} ms ` +
            `of CPU per keystroke against ${median(bareCpu).toFixed(1)} for the bare input, whose paced p95 was ` +
            `${median(barePacedP95s).toFixed(1)} ms in the same runs; a key's frame starts 1-2 ms after its input event, so the tail is ` +
            `the keys whose own work is longest (and this VM's stalls, which the bare input shows too)`,
        },
        {
          name: `typing floor: bare input on the same page, keys ${PACED_MS} ms apart`,
          unit: 'ms',
          runs: barePacedMedians,
          p95s: barePacedP95s,
          note: 'the paced measure on an input with no listeners: a key, its frame started at once, its style/layout/paint',
        },
        {
          name: 'typing floor: bare input on the same page',
          unit: 'ms',
          runs: bareMedians,
          p95s: bareP95s,
          note: 'same measure, an input with no listeners: the frame wait and the page’s own style/layout/paint',
        },
        {
          name: `typing at line ${LINES}/${LINES}, renderer main-thread CPU per keystroke`,
          unit: 'ms',
          runs: cpu,
          note: 'thread time of the renderer main thread’s tasks in a Chromium trace, divided by the keystrokes (incl. the 1.5 s after them: the draft autosave)',
        },
        {
          name: 'typing floor, renderer main-thread CPU per keystroke',
          unit: 'ms',
          runs: bareCpu,
          note: 'the same on the bare input',
        },
      ];
      return figures;
    } finally {
      await browser.close();
      await host.stop();
    }
  },
};

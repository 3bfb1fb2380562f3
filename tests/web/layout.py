"""Layout checks inside the browser tests: phone emulation, horizontal overflow,
touch target sizes and WCAG contrast ratios computed from computed styles.

``phone_context(browser)`` is Playwright's "iPhone 13" descriptor adapted to
Chromium (390x844 CSS pixels, touch, mobile viewport, 3x pixels).  The other
helpers run in the page and return what is wrong, so that an assertion's message
names the offending elements.
"""

from __future__ import annotations

import re
from typing import Any

PHONE = (390, 844)
DESK = (1280, 800)
NARROW = 320  # WCAG 1.4.10 reflow: 320 CSS pixels wide
TARGET = 44  # px: the smallest touch target (WCAG 2.5.5, Apple's and Google's guides)


def phone_context(browser: Any, playwright_devices: dict[str, Any] | None = None) -> Any:
    """A new browser context emulating a 390x844 phone held upright."""
    descriptor: dict[str, Any] = {
        "user_agent": (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 "
            "(KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1"
        ),
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    }
    if playwright_devices and "iPhone 13" in playwright_devices:
        descriptor = dict(playwright_devices["iPhone 13"])
        descriptor.pop("default_browser_type", None)  # webkit: here it is Chromium
    descriptor["viewport"] = {"width": PHONE[0], "height": PHONE[1]}
    descriptor["screen"] = {"width": PHONE[0], "height": PHONE[1]}
    context = browser.new_context(**descriptor, bypass_csp=True)
    context.set_default_timeout(10_000)
    return context


def overflow(page: Any, screen: int) -> dict[str, Any]:
    """The page's scroll width against the ``screen`` width, and the elements past
    it.  (On a mobile viewport the page widens to hold what is too wide, so the
    window's own width cannot be the measure.)"""
    result: dict[str, Any] = page.evaluate(
        """(vw) => {
          const wide = [...document.querySelectorAll('body *')].filter(e => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.right > vw + 1 && getComputedStyle(e).position !== 'fixed';
          }).slice(0, 6).map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} `
            + `${Math.round(e.getBoundingClientRect().right)}`);
          return {scroll: document.documentElement.scrollWidth, width: vw, wide};
        }""",
        screen,
    )
    return result


def small_targets(page: Any, exempt: str = "") -> list[str]:
    """Visible controls smaller than 44x44 px.  A checkbox or radio counts by its
    label's box (the label is its hit area); ``exempt`` is a CSS selector of
    controls that have another way in (each caller says why)."""
    found: list[str] = page.evaluate(
        """([exempt, min]) => {
          const controls = document.querySelectorAll(
            'button, input, select, textarea, a[href], summary, [role=button]');
          const out = [];
          for (const e of controls) {
            if (exempt && e.matches(exempt)) continue;
            let box = e.getBoundingClientRect();
            const style = getComputedStyle(e);
            if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
            if (e.closest('[hidden], .visually-hidden')) continue;
            if (e.matches('input[type=checkbox], input[type=radio]')) {
              const label = e.closest('label')
                || (e.id && document.querySelector(`label[for="${e.id}"]`));
              if (label) box = label.getBoundingClientRect();
            }
            if (box.width < min - 0.5 || box.height < min - 0.5) {
              const name = (e.getAttribute('aria-label') || e.textContent || e.id || '').trim();
              const what = `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`;
              out.push(`${what} "${name.slice(0, 24)}" `
                + `${Math.round(box.width)}x${Math.round(box.height)}`);
            }
          }
          return out;
        }""",
        [exempt, TARGET],
    )
    return found


def truncated(page: Any, selector: str) -> list[str]:
    """Elements matching ``selector`` whose text is cut off (ellipsis or clipping)."""
    cut: list[str] = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length
             && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())""",
        selector,
    )
    return cut


def bottom_of(page: Any, selector: str) -> float:
    """The lowest bottom edge among the visible elements matching ``selector``."""
    bottoms: list[float] = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length)
             .map(e => e.getBoundingClientRect().bottom)""",
        selector,
    )
    assert bottoms, f"nothing matches {selector}"
    return max(bottoms)


# ------------------------------------------------------------------ contrast

_RGB = re.compile(r"rgba?\(([^)]*)\)")


def parse_colour(text: str) -> tuple[float, float, float, float]:
    """``rgb(...)``/``rgba(...)`` (as computed styles give colours) -> r, g, b, alpha."""
    match = _RGB.search(text)
    assert match, f"not an rgb colour: {text!r}"
    parts = [float(p) for p in re.split(r"[,\s/]+", match.group(1).strip()) if p]
    r, g, b = parts[:3]
    return r, g, b, parts[3] if len(parts) > 3 else 1.0


def luminance(colour: tuple[float, float, float, float]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b, _ = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two computed colours (1 to 21)."""
    la, lb = luminance(parse_colour(a)), luminance(parse_colour(b))
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


# The colours behind an element: its own and its ancestors' background colours,
# composited from the first opaque one up, plus every colour of a background
# gradient on the way (a gradient's stops are all candidate backdrops).
BACKDROPS = """(e) => {
  const mix = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const parse = (t) => {
    const m = t.match(/rgba?\\(([^)]*)\\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const layers = [];
  const gradients = [];
  for (let n = e; n; n = n.parentElement) {
    const style = getComputedStyle(n);
    const image = style.backgroundImage;
    // a gradient drawn as a thin stripe (the top bar's dashed line) is not behind e
    const whole = ['auto', 'auto auto', '100% 100%'].includes(style.backgroundSize);
    if (image && image.includes('gradient') && whole) {
      for (const m of image.matchAll(/rgba?\\([^)]*\\)/g)) gradients.push(parse(m[0]));
    }
    const c = parse(style.backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let base = [255, 255, 255, 1];
  for (const c of layers.reverse()) base = mix(c, base);
  const out = [base].concat(gradients.filter(g => g && g[3] > 0.5).map(g => mix(g, base)));
  return out.map(c => `rgb(${c[0]}, ${c[1]}, ${c[2]})`);
}"""


def text_contrast(page: Any, selector: str) -> list[tuple[str, float]]:
    """For each element matching ``selector``: its text and its lowest contrast
    against the colours behind it."""
    pairs: list[dict[str, Any]] = page.evaluate(
        f"""(sel) => {{
          const backdrops = {BACKDROPS};
          return [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length)
            .map(e => ({{text: e.textContent.trim(), colour: getComputedStyle(e).color,
                        behind: backdrops(e)}}));
        }}""",
        selector,
    )
    return [(p["text"], min(contrast(p["colour"], b) for b in p["behind"])) for p in pairs]


def focus_ring_contrast(page: Any) -> dict[str, Any] | None:
    """The focused element's outline colour against the colours around it (its
    parent's backdrop: the ring is drawn outside the element), or None when the
    focus shows no outline (an SVG board draws its own)."""
    found: dict[str, Any] | None = page.evaluate(
        f"""() => {{
          const backdrops = {BACKDROPS};
          const e = document.activeElement;
          if (!e || e === document.body) return null;
          const s = getComputedStyle(e);
          if (s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0) return null;
          return {{what: `${{e.tagName.toLowerCase()}}.${{[...e.classList].join('.')}} `
                        + `"${{(e.textContent || '').trim().slice(0, 20)}}"`,
                   ring: s.outlineColor, width: parseFloat(s.outlineWidth),
                   behind: backdrops(e.parentElement || e)}};
        }}"""
    )
    if found is not None:
        found["ratio"] = min(contrast(found["ring"], b) for b in found["behind"])
    return found

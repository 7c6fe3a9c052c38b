#!/usr/bin/env python3
"""Plots carry's speed relative to GMP and malachite from a peers-harness TSV.

usage: scripts/plot_speed.py [TSV] [SVG]
  TSV defaults to ../shared/peers/results/latest.tsv (lines: case, impl, ns per op),
  SVG to docs/speed.svg. One panel per operation (add, mul, divrem, to_string, from_string);
  x is the operand size (log scale), y the speedup other_time / carry_time (log scale, above 1:
  carry faster). Standard library only, so it runs wherever the harness does.
"""
import math
import re
import sys
from collections import defaultdict

TSV = sys.argv[1] if len(sys.argv) > 1 else "../shared/peers/results/latest.tsv"
SVG = sys.argv[2] if len(sys.argv) > 2 else "docs/speed.svg"
PANELS = [("add", r"ap_add_(\d+)$", "bits"), ("mul", r"ap_mul_(\d+)$", "bits"),
          ("divrem", r"ap_divrem_(\d+)$", "bits"), ("to_string", r"ap_tostr_(\d+)_digits$", "digits"),
          ("from_string", r"ap_fromstr_(\d+)_digits$", "digits")]
PEERS = [("gmp", "#d62728"), ("malachite", "#1f77b4")]

times = defaultdict(dict)
for line in open(TSV):
    parts = line.rstrip("\n").split("\t")
    if len(parts) == 3:
        try:
            times[parts[0]][parts[1]] = float(parts[2])
        except ValueError:
            pass

W, H, PAD = 300, 230, 45
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W * len(PANELS)}" height="{H + 30}" '
       'font-family="sans-serif" font-size="11">']
for i, (title, pattern, unit) in enumerate(PANELS):
    x0 = i * W
    series = {}
    for peer, _ in PEERS:
        pts = sorted((int(re.match(pattern, c).group(1)), t[peer] / t["carry"])
                     for c, t in times.items()
                     if re.match(pattern, c) and peer in t and t.get("carry"))
        if pts:
            series[peer] = pts
    xs = [x for pts in series.values() for x, _ in pts] or [1, 10]
    lx0, lx1 = math.log10(min(xs)), math.log10(max(xs)) + 1e-9
    ly0, ly1 = math.log10(0.1), math.log10(10)
    px = lambda x: x0 + PAD + (math.log10(x) - lx0) / (lx1 - lx0) * (W - PAD - 15)
    py = lambda y: 15 + (ly1 - math.log10(min(max(y, 0.1), 10))) / (ly1 - ly0) * (H - 45)
    svg.append(f'<text x="{x0 + W / 2}" y="12" text-anchor="middle" font-weight="bold">{title}</text>')
    for y in (0.1, 0.5, 1, 2, 10):
        svg.append(f'<line x1="{x0 + PAD}" x2="{x0 + W - 15}" y1="{py(y):.1f}" y2="{py(y):.1f}" '
                   f'stroke="{"#000" if y == 1 else "#ddd"}"/>')
        svg.append(f'<text x="{x0 + PAD - 4}" y="{py(y) + 4:.1f}" text-anchor="end">{y}x</text>')
    for x in sorted(set(xs)):
        svg.append(f'<text x="{px(x):.1f}" y="{H - 14}" text-anchor="middle" font-size="9">{x}</text>')
    svg.append(f'<text x="{x0 + W / 2}" y="{H}" text-anchor="middle">{unit}</text>')
    for peer, colour in PEERS:
        pts = series.get(peer, [])
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        svg.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{path}"/>')
        for x, y in pts:
            svg.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.5" fill="{colour}"/>')
for j, (peer, colour) in enumerate(PEERS):
    svg.append(f'<text x="{10 + 160 * j}" y="{H + 25}" fill="{colour}">— carry vs {peer} '
               '(time ratio)</text>')
svg.append("</svg>")
open(SVG, "w").write("\n".join(svg))
print(f"wrote {SVG}")

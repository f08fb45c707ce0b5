#!/usr/bin/env python3
"""Draws a TESSERA_TRACE file (Trace Event JSON) as an SVG timeline, for documentation.

ui.perfetto.dev and chrome://tracing are the viewers for people; this makes a still picture of a
window of the trace where no browser session is at hand (docs/images/ in the README). Convert it
with `rsvg-convert -o out.png out.svg` (Debian's librsvg2-bin).

usage: trace_picture.py TRACE.json OUT.svg [--from US] [--to US] [--width PX]
"""
import argparse
import colorsys
import hashlib
import html
import json

ROW, GAP, LABEL_W, TOP = 26, 4, 230, 40


def colour(name):
    h = int(hashlib.md5(name.encode()).hexdigest()[:6], 16) / 0xFFFFFF
    r, g, b = colorsys.hls_to_rgb(h, 0.62, 0.55)
    return "#%02x%02x%02x" % (int(r * 255), int(g * 255), int(b * 255))


def short(name):
    """An unnamed kernel's lambda, "(lambda at ../dir/file.hpp:12:3)", as file.hpp:12:3."""
    if name.startswith("(lambda at ") and name.endswith(")"):
        return "λ " + name[len("(lambda at "):-1].split("/")[-1]
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("out")
    ap.add_argument("--from", dest="t0", type=float, default=None, help="window start, microseconds")
    ap.add_argument("--to", dest="t1", type=float, default=None, help="window end, microseconds")
    ap.add_argument("--width", type=int, default=1400)
    a = ap.parse_args()

    events = json.load(open(a.trace))["traceEvents"]
    procs, threads, order = {}, {}, {}
    for e in events:
        if e["ph"] != "M":
            continue
        if e["name"] == "process_name":
            procs[e["pid"]] = e["args"]["name"]
        elif e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
        elif e["name"] == "thread_sort_index":
            order[(e["pid"], e["tid"])] = e["args"]["sort_index"]
    spans = [e for e in events if e["ph"] == "X"]
    t0 = a.t0 if a.t0 is not None else min(e["ts"] for e in spans)
    t1 = a.t1 if a.t1 is not None else max(e["ts"] + e["dur"] for e in spans)
    spans = [e for e in spans if e["ts"] < t1 and e["ts"] + e["dur"] > t0]
    tracks = sorted({(e["pid"], e["tid"]) for e in spans}, key=lambda k: (k[0], order.get(k, k[1])))
    row_of = {k: i for i, k in enumerate(tracks)}
    plot_w = a.width - LABEL_W - 20
    x = lambda t: LABEL_W + (min(max(t, t0), t1) - t0) / (t1 - t0) * plot_w
    y = lambda k: TOP + row_of[k] * (ROW + GAP)
    height = TOP + len(tracks) * (ROW + GAP) + 30

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{a.width}" height="{height}" '
           f'font-family="DejaVu Sans, sans-serif" font-size="12">',
           f'<rect width="100%" height="100%" fill="white"/>',
           f'<text x="10" y="22" font-size="14" font-weight="bold">{html.escape(a.trace.split("/")[-1])}: '
           f'{t0:.0f} to {t1:.0f} µs</text>']
    for k in tracks:
        name = f"{procs.get(k[0], k[0])} / {threads.get(k, k[1])}"
        out.append(f'<rect x="0" y="{y(k)}" width="{a.width}" height="{ROW}" fill="#f4f4f4"/>')
        out.append(f'<text x="6" y="{y(k) + 17}">{html.escape(name[:36])}</text>')
    for e in spans:
        k = (e["pid"], e["tid"])
        x0, x1 = x(e["ts"]), x(e["ts"] + e["dur"])
        w = max(x1 - x0, 1.0)
        out.append(f'<rect x="{x0:.1f}" y="{y(k) + 2}" width="{w:.1f}" height="{ROW - 4}" '
                   f'fill="{colour(e["name"])}" stroke="#333" stroke-width="0.4">'
                   f'<title>{html.escape(e["name"])}</title></rect>')
        name = short(e["name"])
        if w > 30:
            label = name if len(name) * 7 < w else name[: max(int(w / 7) - 1, 1)] + "…"
            out.append(f'<text x="{x0 + 3:.1f}" y="{y(k) + 17}" font-size="11">{html.escape(label)}</text>')
    # Dependency arrows: a flow's start and finish share an id.
    starts = {e["id"]: e for e in events if e["ph"] == "s"}
    for f in (e for e in events if e["ph"] == "f"):
        s = starts.get(f["id"])
        ks, kf = (s["pid"], s["tid"]) if s else None, (f["pid"], f["tid"])
        if not s or ks not in row_of or kf not in row_of or not (t0 <= s["ts"] <= t1 and t0 <= f["ts"] <= t1):
            continue
        out.append(f'<line x1="{x(s["ts"]):.1f}" y1="{y(ks) + ROW / 2}" x2="{x(f["ts"]):.1f}" '
                   f'y2="{y(kf) + ROW / 2 + 3}" stroke="#c00" stroke-width="1.2"/>')
    for i in range(6):  # time axis
        t = t0 + (t1 - t0) * i / 5
        out.append(f'<text x="{x(t) - 10:.1f}" y="{height - 10}" fill="#555">{t:.0f} µs</text>')
    out.append("</svg>")
    open(a.out, "w").write("\n".join(out))


if __name__ == "__main__":
    main()
